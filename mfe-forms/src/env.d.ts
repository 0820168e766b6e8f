// Stylesheets are bundled by Rspack; TypeScript only needs to know the import exists.
declare module '*.css';
