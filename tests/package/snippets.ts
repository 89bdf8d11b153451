/**
 * The library's TypeScript snippets in the documents: every ```ts block of README.md and of
 * docs/*.md that imports from 'nimber'. The pack test compiles them against the installed package
 * and runs them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Snippet {
  /** The document, relative to the repository root, and the block's first line there. */
  readonly where: string;
  readonly source: string;
}

/** The ```ts blocks of one markdown text, with the line each starts on. */
export function typescriptBlocks(markdown: string): { line: number; source: string }[] {
  const blocks: { line: number; source: string }[] = [];
  const fence = /^```ts\n([\s\S]*?)^```$/gm;
  for (const match of markdown.matchAll(fence)) {
    const line = markdown.slice(0, match.index).split('\n').length + 1;
    blocks.push({ line, source: match[1] });
  }
  return blocks;
}

/** The documents' snippets of the library: README.md's and docs/*.md's ```ts blocks that import 'nimber'. */
export function librarySnippets(root: string): Snippet[] {
  const documents = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => `docs/${name}`),
  ];
  return documents.flatMap((document) =>
    typescriptBlocks(readFileSync(join(root, document), 'utf8'))
      .filter((block) => /from 'nimber'/.test(block.source))
      .map((block) => ({ where: `${document}:${block.line}`, source: block.source })),
  );
}

/**
 * What a snippet of docs/library.md says it prints: for each `console.log(…); // text` line, the
 * text up to its explanation (before the first ' (' or ': '), which the printed line must start with.
 */
export function printedPrefixes(source: string): string[] {
  return [...source.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((m) => m[1].split(/ \(|: /)[0]);
}
