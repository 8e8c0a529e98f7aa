import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Radix Themes parts that render in a portal, and so take a `container`. */
const PORTALLED =
  /<(?:(?:Popover|Select|Dialog|AlertDialog|DropdownMenu|HoverCard|ContextMenu)\.Content|Tooltip)\b/g;

/** The opening tag starting at `start`, up to its `>` outside any `{…}` expression. */
function openingTag(source: string, start: number): string {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '>' && depth === 0) return source.slice(start, i + 1);
  }
  return source.slice(start);
}

/** The portalled parts in `source` whose opening tag passes no `container`. */
function withoutContainer(source: string): string[] {
  return [...source.matchAll(PORTALLED)]
    .filter((match) => !/\scontainer=\{/.test(openingTag(source, match.index)))
    .map((match) => match[0]);
}

/** The package's sources, tests and stories aside. */
const sources = readdirSync(src, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.tsx') && !/\.(test|stories)\.tsx$/.test(file));

describe('portalled parts', () => {
  it('pass the PortalContainerProvider container (a host mounting us in a shadow root keeps them styled)', () => {
    const missing = sources.flatMap((file) =>
      withoutContainer(readFileSync(path.join(src, file), 'utf8')).map((tag) => `${file}: ${tag}`),
    );
    expect(missing).toEqual([]);
  });

  it('finds a portalled part without a container, across lines and arrow functions', () => {
    const source = `<Tooltip content={label}><a /></Tooltip>
      <Select.Content
        onCloseAutoFocus={(e) => e.preventDefault()}
        container={portalContainer}
      >
      <Dialog.Content style={{ top: 0 }} onEscapeKeyDown={() => close()}>`;
    expect(withoutContainer(source)).toEqual(['<Tooltip', '<Dialog.Content']);
  });
});
