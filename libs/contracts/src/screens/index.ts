export * from './routes.constants';
export * from './navigation.constants';
export * from './not-found.constants';
export * from './route-error.constants';
export * from './ask.constants';
export * from './page-titles.constants';
export * from './ui-timing.constants';
