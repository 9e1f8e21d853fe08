// The hotels feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { publicConfigQuery } from './api';
export { qrDataUrl, qrFileName, scanUrl } from './qr';
