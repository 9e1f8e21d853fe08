export * from './reference';
export * from './hotels';
export * from './merchants';
export * from './scans';
export * from './users';
export * from './derived';
export * from './platform';
export * from './audit';
