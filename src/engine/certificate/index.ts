/** Certificates of Grundy values: writing them from a search, checking them from the rules alone. */
export { buildCertificate, type BuiltCertificate } from './build.ts';
export { buildProof, type ProofOracle } from './prove.ts';
export { checkCertificate, type CheckableGame, type CheckedCertificate } from './check.ts';
export { CERTIFICATE_MAGIC, PROOF_MAGIC, type CertificateClaim, type CertificateFormat } from './format.ts';
