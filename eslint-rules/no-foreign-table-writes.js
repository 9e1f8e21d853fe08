// A local ESLint rule (eslint.config.js loads it as the `server-layout` plugin): a module writes only its own
// tables, and an area writes none (docs/DEVELOPING.md "Server layout"). import-x/no-restricted-paths cannot say
// this: a module may import another module's table.ts to read it in a join, only not to write it.
//
// It reports `.insert(T)`, `.update(T)` and `.delete(T)` (on db, tx or any other receiver) when T is imported from
// a table file (`table.ts`, `*.table.ts`, `db/derived-tables.ts`) of another owner than the calling file's, and any
// such write in src/server/areas/. The owner of a file is its folder under src/server/modules/, src/server/areas/
// or src/server/platform/ (`modules/hotels`, `platform/storage`...), or db/ for db's files.
import { basename, dirname, relative, resolve, sep } from 'node:path';

const WRITES = new Set(['insert', 'update', 'delete']);
const isTableFile = (file) => /^(table|.+\.table|derived-tables)\.ts$/.test(basename(file));

/** `modules/<name>`, `areas/<name>`, `platform/<name>` (`platform` for its root files), `db`, or null elsewhere. */
function ownerOf(serverRoot, file) {
  const parts = relative(serverRoot, file).split(sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  if (parts[0] === 'db') return 'db';
  if (!['modules', 'areas', 'platform'].includes(parts[0])) return null;
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "Refuses a write to another module's table, and any table write in an area." },
    schema: [],
    messages: {
      foreign:
        '{{owner}} writes {{table}}, a table of {{tableOwner}}: write through the service of {{tableOwner}} (docs/DEVELOPING.md "Server layout").',
      area: '{{owner}} is an area: it reads, never writes; {{table}} is written by {{tableOwner}} (call its service).',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const marker = `${sep}src${sep}server${sep}`;
    const at = file.lastIndexOf(marker);
    if (at < 0) return {};
    const serverRoot = file.slice(0, at + marker.length - 1);
    const owner = ownerOf(serverRoot, file);
    if (!owner || owner === 'db') return {};
    /** Local name → the owner of the table file it was imported from. */
    const tables = new Map();

    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = resolve(dirname(file), source.endsWith('.ts') ? source : `${source}.ts`);
        if (!isTableFile(target)) return;
        const tableOwner = ownerOf(serverRoot, target);
        if (!tableOwner) return;
        for (const specifier of node.specifiers) tables.set(specifier.local.name, tableOwner);
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITES.has(callee.property.name)) return;
        const [argument] = node.arguments;
        // `t` (a named import) or `tables.t` (a namespace import).
        const name =
          argument?.type === 'Identifier'
            ? argument.name
            : argument?.type === 'MemberExpression' && argument.object.type === 'Identifier'
              ? argument.object.name
              : undefined;
        const tableOwner = name === undefined ? undefined : tables.get(name);
        if (!tableOwner) return;
        const table = context.sourceCode.getText(argument);
        if (owner.startsWith('areas/')) {
          context.report({ node, messageId: 'area', data: { owner, table, tableOwner } });
        } else if (tableOwner !== owner) {
          context.report({ node, messageId: 'foreign', data: { owner, table, tableOwner } });
        }
      },
    };
  },
};
