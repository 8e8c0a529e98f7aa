/** esbuild's `text` loader (build.mjs): a CSS file imports as its text, for the shadow root. */
declare module '*.css' {
  const css: string;
  export default css;
}
