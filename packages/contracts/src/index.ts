export * from './auth.contract';
export * from './errors.contract';
export * from './groups.contract';
export * from './health.contract';
export * from './profile.contract';
export * from './survey.contract';
export * from './survey-options';
export * from './teams.contract';
