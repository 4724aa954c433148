export * from './endpoint';
export * from './headers';
export * from './errors';
export * from './enums';
export * from './signing';
export * from './password-crypto';
export * from './auth.contract';
export * from './identity.contract';
