export * from './factories';
export * from './harness';
export * from './pg';
