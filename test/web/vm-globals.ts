import * as streams from 'node:stream/web';

// A VM context (the web project's pool) is given jsdom's window and only some of Node's globals;
// MSW's server-sent events need the web streams that a browser and Node both have.
for (const [name, value] of Object.entries(streams)) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
}
