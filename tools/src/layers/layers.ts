// The layer rules of ARCHITECTURE.md as code: every import of the repository's sources, resolved to a
// repository path (or left as a package name), checked against the rules below. `npm run lint` and
// `npm test` run layers.test.ts; a broken rule names the file, the import and the rule.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

export interface ImportEdge {
  /** Importing file, relative to the repository root with forward slashes. */
  from: string;
  /** The specifier as written. */
  specifier: string;
  /** A repository path for relative imports (and workspace packages), else undefined. */
  target?: string;
}

export interface Violation {
  rule: string;
  edge: ImportEdge;
}

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'drizzle', '.git', 'data', 'bench']);
/** Workspace packages by name, to their source folder. */
const WORKSPACES: Record<string, string> = {
  '@mitrebox/domain': 'packages/domain/src',
  '@mitrebox/api-contract': 'packages/api-contract/src',
  '@mitrebox/demo-data': 'packages/demo-data/src',
  '@mitrebox/api': 'apps/api/src',
  '@mitrebox/tools': 'tools',
};

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The import specifiers of one source text (static, side-effect, re-export and dynamic imports). */
export function specifiersOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) out.push((m[1] ?? m[2] ?? m[3])!);
  return out;
}

export function resolveTarget(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const [name, folder] of Object.entries(WORKSPACES)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) return folder + specifier.slice(name.length);
  }
  return undefined;
}

function walk(root: string, dir: string, files: string[]) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(root, rel, files);
    else if (SOURCE.test(entry.name)) files.push(rel);
  }
}

/** Every import edge of apps/, packages/ and tools/. */
export function importEdges(root: string): ImportEdge[] {
  const files: string[] = [];
  for (const top of ['apps', 'packages', 'tools']) walk(root, top, files);
  return files.flatMap((from) =>
    specifiersOf(readFileSync(path.join(root, from), 'utf8')).map((specifier) => ({
      from,
      specifier,
      target: resolveTarget(from, specifier),
    })),
  );
}

const NODE_BUILTINS = new Set(builtinModules);
/** Packages that do I/O (network, files, databases, servers): none of them belongs in the pure domain. */
const IO_PACKAGES =
  /^(fastify|@fastify\/|drizzle-orm|drizzle-kit|pg$|pg\/|@electric-sql\/|ioredis|nodemailer|sharp|undici|ws$|@node-rs\/)/;

const apiModule = (p: string) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(p)?.[1];
const webFeature = (p: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(p)?.[1];

interface Rule {
  name: string;
  broken(edge: ImportEdge): boolean;
}

/** The modules whose tables the ERP connection writes as the system of record (see the rule below). */
const ERP_OWNED = new Set(['accounts', 'catalogue', 'invoices', 'orders']);

export const RULES: Rule[] = [
  {
    name: 'apps/api/src/platform/ never imports modules/ (platform parts serve modules, never the reverse)',
    broken: (e) =>
      e.from.startsWith('apps/api/src/platform/') && !!e.target?.startsWith('apps/api/src/modules/'),
  },
  {
    name: "a module never imports another module's *.tables.ts or *.repository.ts (call its service instead)",
    broken: (e) => {
      // A table may reference another module's table (a foreign key), and a test may arrange rows directly.
      if (/\.(tables|test)\.ts$/.test(e.from)) return false;
      const own = apiModule(e.from);
      const other = e.target && apiModule(e.target);
      // The one exception: the ERP connection is the system of record for what it imports — invoices with their
      // payments and credits, the orders it exports, stock and prices — and writes them as the ERP sends them,
      // all rows of a file in one transaction (docs/decisions/015). Nothing else may.
      if (own === 'erp' && ERP_OWNED.has(other ?? '') && /\.tables\.ts$/.test(e.target ?? '')) return false;
      return !!own && !!other && own !== other && /\.(tables|repository)(\.ts)?$/.test(e.target!);
    },
  },
  {
    name: 'packages/domain imports no I/O (no node: built-ins, no fastify, drizzle, pg…) and no app',
    broken: (e) => {
      if (!e.from.startsWith('packages/domain/')) return false;
      const s = e.specifier;
      if (s.startsWith('node:') || NODE_BUILTINS.has(s.split('/')[0]!) || IO_PACKAGES.test(s)) return true;
      return !!e.target && !e.target.startsWith('packages/domain/');
    },
  },
  {
    name: 'a web feature never imports another feature (shared code lives in components/ or lib/)',
    broken: (e) => {
      const own = webFeature(e.from);
      const other = e.target && webFeature(e.target);
      return !!own && !!other && own !== other;
    },
  },
  {
    name: 'apps/web/src/components/ and lib/ import no feature',
    broken: (e) =>
      /^apps\/web\/src\/(components|lib)\//.test(e.from) && !!e.target?.startsWith('apps/web/src/features/'),
  },
  {
    name: 'apps/ never import tools/ (developer tooling only)',
    broken: (e) => e.from.startsWith('apps/') && (!!e.target?.startsWith('tools/') || e.target === 'tools'),
  },
];

export function violations(edges: ImportEdge[]): Violation[] {
  return edges.flatMap((edge) => RULES.filter((r) => r.broken(edge)).map((r) => ({ rule: r.name, edge })));
}

export function explain(v: Violation): string {
  return `${v.edge.from} imports '${v.edge.specifier}': ${v.rule}`;
}
