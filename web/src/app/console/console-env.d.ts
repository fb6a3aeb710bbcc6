/** A message catalogue loaded whole for the console (app/console/catalogues.ts). */
declare module '*.json?console' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
