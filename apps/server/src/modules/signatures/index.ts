export * from './signatures.table';
export { signatureRoutes } from './signatures.routes';
export { signatureImage } from './signatures.service';
// Case records and agreements quote a stored signature (docs/cases.md 3).
export { getOwnSignature, getVisitorSignature } from './signatures.service';
