export * from './answers';
export * from './factories';
export * from './harness';
export * from './pg';
export * from './use-test-context';
export * from './sessions';
