// Preload of the sandboxed renderer: exposes exactly `window.quarterdeck` = { invoke, subscribe } and nothing
// else (design.md, "preload (contextBridge; a few lines)"). Bundled to one CommonJS file: a sandboxed preload
// can require only `electron`.
import { contextBridge, ipcRenderer } from 'electron';
import { createIpcBridge } from './bridge-api';

const bridge = createIpcBridge(ipcRenderer);
contextBridge.exposeInMainWorld('quarterdeck', { invoke: bridge.invoke, subscribe: bridge.subscribe });
