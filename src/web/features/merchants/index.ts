// The merchants feature's public entry: what other features may use (docs/DEVELOPING.md, "Layout rules").
export { uploadMerchantImage } from './api';
