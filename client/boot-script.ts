/**
 * Vite plugin: builds src/boot.ts as an entry of its own and puts it first in the page's <head>
 * as an async module script, with its imports preloaded beside it. So it runs as soon as its few
 * kilobytes arrive, while the main bundle is still downloading. (A second module script written
 * into index.html would be folded into the main entry and wait for all of it.)
 */
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

const BOOT_SOURCE = 'src/boot.ts';
const BOOT_ENTRY = 'boot';

export function bootScript(root: string): Plugin {
  return {
    name: 'betroth-boot-script',
    config() {
      return {
        build: { rolldownOptions: { input: { index: path.join(root, 'index.html'), [BOOT_ENTRY]: path.join(root, BOOT_SOURCE) } } },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context): HtmlTagDescriptor[] {
        const script = (src: string): HtmlTagDescriptor => ({
          tag: 'script',
          attrs: { type: 'module', async: true, crossorigin: true, src },
          injectTo: 'head-prepend',
        });
        // The dev server's React refresh preamble must run before any component module, so there
        // the boot script comes last, in document order (speed is no concern in development).
        if (context.server) return [{ tag: 'script', attrs: { type: 'module', src: `/${BOOT_SOURCE}` }, injectTo: 'body' }];
        const boot = Object.values(context.bundle ?? {}).find((file) => file.type === 'chunk' && file.isEntry && file.name === BOOT_ENTRY);
        if (!boot || boot.type !== 'chunk') throw new Error(`The build has no ${BOOT_ENTRY} entry chunk`);
        return [
          script(`/${boot.fileName}`),
          ...boot.imports.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend',
          })),
        ];
      },
    },
  };
}
