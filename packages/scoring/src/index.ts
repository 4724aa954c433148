export * from './definition';
export * from './risk';
export * from './score';
export * from './interview-status';
export * from './rainbow';
export * from './catalogue';
export * from './xlsx-layout';
