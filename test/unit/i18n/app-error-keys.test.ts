/**
 * Every `appError(code, { key, params }, german)` and `new AppErrorException({ key, … })` of the main process names a
 * text that exists in German and English, and fills the placeholders of that text. The keys are read from the source with the TypeScript compiler, so a new
 * call cannot slip past: a key built from a template counts with every value its parts can take (a union of string
 * literals), and a part the compiler cannot enumerate (a status number) needs its family's `other` text, which the
 * renderer falls back to (renderer/lib/error-text.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const APP_ERROR_FILE = join(ROOT, 'shared/domain/app-error.ts');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path.replace(/_(zero|one|two|few|many|other)$/, ''), value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const errors = (lang: string) =>
  flatten(JSON.parse(readFileSync(join(ROOT, 'renderer/locales', lang, 'errors.json'), 'utf8')) as Tree);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && /appError\(|new AppErrorException\(/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

/** One appError call: where it is, the keys it can name, and the parameters it passes (undefined: not all known). */
type Use = { at: string; keys: string[]; open: string[]; params: string[] | undefined; problem?: string };

function program(): ts.Program {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.node.json'), (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const roots = [...sources(join(ROOT, 'electron')), ...sources(join(ROOT, 'shared'))];
  return ts.createProgram(roots, { ...parsed.options, noEmit: true });
}

/** The string values an expression can take, or undefined when the compiler cannot list them. */
function literals(checker: ts.TypeChecker, node: ts.Expression): string[] | undefined {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    let out = [node.head.text];
    for (const span of node.templateSpans) {
      const values = literals(checker, span.expression);
      if (values === undefined) return undefined;
      out = out.flatMap((o) => values.map((v) => o + v + span.literal.text));
    }
    return out;
  }
  const seen = checker.getTypeAtLocation(node);
  // A type parameter (`call: C extends CheckedCall`) takes the values of its constraint.
  const type = seen.isTypeParameter() ? (checker.getBaseConstraintOfType(seen) ?? seen) : seen;
  const parts = type.isUnion() ? type.types : [type];
  const values = parts.flatMap((t) => (t.isStringLiteral() ? [t.value] : []));
  return values.length === parts.length ? values : undefined;
}

function usesIn(p: ts.Program): Use[] {
  const checker = p.getTypeChecker();
  const uses: Use[] = [];
  const declaredInAppError = (callee: ts.Expression, name: string): boolean => {
    let symbol = checker.getSymbolAtLocation(callee);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.name === name && symbol.declarations?.some((d) => d.getSourceFile().fileName === APP_ERROR_FILE) === true;
  };
  /** The object naming the clerk's text: appError's second argument, or the AppError given to `new AppErrorException`. */
  const textOf = (node: ts.Node): ts.Expression | undefined | false => {
    if (ts.isCallExpression(node) && declaredInAppError(node.expression, 'appError')) return node.arguments[1];
    if (ts.isNewExpression(node) && declaredInAppError(node.expression, 'AppErrorException')) return node.arguments?.[0];
    return false;
  };
  for (const file of p.getSourceFiles()) {
    // app-error.ts builds the exception from a key it was given; that key is checked where it is given.
    if (file.isDeclarationFile || !file.fileName.startsWith(ROOT) || file.fileName === APP_ERROR_FILE) continue;
    if (file.fileName.includes('node_modules')) continue;
    const visit = (node: ts.Node): void => {
      const text = textOf(node);
      if (text !== false) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        const at = `${relative(ROOT, file.fileName)}:${String(line + 1)}`;
        const key = text && ts.isObjectLiteralExpression(text) ? property(text, 'key') : undefined;
        if (!key) uses.push({ at, keys: [], open: [], params: undefined, problem: 'no { key } object literal' });
        else {
          const values = literals(checker, key);
          const head = ts.isTemplateExpression(key) ? key.head.text : undefined;
          const params = property(text as ts.ObjectLiteralExpression, 'params');
          uses.push({
            at,
            keys: values ?? [],
            open: values === undefined && head?.endsWith('.') ? [`${head}other`] : [],
            params: params === undefined ? [] : known(checker, params),
            ...(values === undefined && !head?.endsWith('.') ? { problem: 'key the compiler cannot list' } : {}),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return uses;
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of object.properties) {
    if (ts.isPropertyAssignment(p) && p.name.getText() === name) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) return p.name;
  }
  return undefined;
}

/**
 * The parameter names an expression certainly has; undefined when they come from elsewhere (a spread, whose caller's
 * type fixes them: electron/services/msc-client/input-check.ts) or may be any (a record).
 */
function known(checker: ts.TypeChecker, node: ts.Expression): string[] | undefined {
  if (ts.isObjectLiteralExpression(node) && node.properties.some(ts.isSpreadAssignment)) return undefined;
  const type = checker.getTypeAtLocation(node);
  if (type.getStringIndexType() !== undefined) return undefined;
  return type.getProperties().map((s) => s.name);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] ?? '');

describe('keys of appError calls', () => {
  const uses = usesIn(program());
  const de = errors('de');
  const en = errors('en');

  it('finds every call, each with a key the compiler can list', () => {
    // About sixty calls today; far fewer means the scan lost its way, not that the calls went.
    expect(uses.length).toBeGreaterThan(50);
    // The exceptions built directly count too (a full disk: electron/lib/storage-error.ts).
    expect(uses.filter((u) => u.at.startsWith('electron/lib/storage-error.ts:')).flatMap((u) => u.keys)).toEqual([
      'storage.diskFull',
      'storage.noPermission',
    ]);
    expect(uses.filter((u) => u.problem !== undefined).map((u) => `${u.at}: ${u.problem ?? ''}`)).toEqual([]);
  });

  it('names texts that exist in German and English', () => {
    const missing = uses.flatMap((u) =>
      [...u.keys, ...u.open].flatMap((k) => [
        ...(de.has(k) ? [] : [`${u.at}: ${k} (de)`]),
        ...(en.has(k) ? [] : [`${u.at}: ${k} (en)`]),
      ]),
    );
    expect(missing).toEqual([]);
  });

  it('fills every placeholder of the text it names', () => {
    const unfilled = uses.flatMap((u) =>
      u.params === undefined
        ? []
        : u.keys.flatMap((k) =>
            placeholders(de.get(k) ?? '')
              .filter((name) => !u.params?.includes(name))
              .map((name) => `${u.at}: ${k} needs {{${name}}}`),
          ),
    );
    expect(unfilled).toEqual([]);
  });
});
