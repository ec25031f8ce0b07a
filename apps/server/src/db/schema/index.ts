export * from './academic';
export * from './files';
export * from './people';
export * from './platform';
export * from './records';
export * from './reference';
export * from './reference-data';
export * from './users';
