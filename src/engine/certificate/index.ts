/** Certificates of Grundy values: writing them from a search, checking them from the rules alone. */
export { buildCertificate, type BuiltCertificate } from './build.ts';
export { checkCertificate, type CheckableGame, type CheckedCertificate } from './check.ts';
export { CERTIFICATE_MAGIC, type CertificateClaim } from './format.ts';
