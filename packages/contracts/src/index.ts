export * from './errors.contract';
export * from './health.contract';
