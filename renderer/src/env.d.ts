// Ambient types for the renderer: the host bridge on `window` and single-file components.
/// <reference types="vite/client" />

interface Window {
  /** Set by preload (desktop) or by the script the web server injects (browser mode); absent if neither ran. */
  quarterdeck?: import('../../main/contract').QuarterdeckBridge;
}

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
