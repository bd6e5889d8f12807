import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { developerWords } from '../helpers/data/developer-words';

/**
 * Her words on every screen of /admin, read from the source: every string
 * and JSX text of the area's screens (app/components/admin/, the admin
 * routes and their server code), and every message the server code below
 * them hands back to a screen (an answer's `error`, `reason`, `message`…,
 * a refusal's words). None may hold a developer word
 * (test/helpers/data/developer-words.ts): no file path, field name, block
 * tag, commit id, format, status code, program leftover or git word.
 * test/e2e/content-recently-deleted.test.ts applies the same check to what
 * Chromium renders on each screen.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

const filesUnder = (folder: string): string[] =>
  readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    const file = `${folder}/${name}`;
    if (statSync(path.join(ROOT, file)).isDirectory()) return filesUnder(file);
    return /\.tsx?$/.test(name) && !/\.generated\.ts$/.test(name) ? [file] : [];
  });

/** The screens: every component of the area and every admin route, all their strings read. */
const SCREENS = [
  ...filesUnder('app/components/admin'),
  ...readdirSync(path.join(ROOT, 'app/routes'))
    .filter((name) => /^admin[._]/.test(name))
    .map((name) => `app/routes/${name}`),
];

/** The server code behind the screens: only the messages it answers with are read. */
const MESSAGES = ['app/editing', 'app/access', 'app/settings', 'app/contact', 'app/http', 'app/insights']
  .flatMap(filesUnder)
  // The contact form's reasons go to the log only (a visitor reads the form's own words, the owner her inbox).
  .filter((file) => file !== 'app/contact/action.server.ts');

/**
 * The one screen that must name git's words as GitHub does: connecting the
 * site to GitHub, where she makes a token whose form asks for the
 * "Repository" (test/helpers/data/developer-words.ts, GITHUB_STEPS).
 */
const GITHUB_STEPS = new Set([
  'app/routes/admin.publishing.tsx',
  'app/components/admin/publishing/PublishingConnect.tsx',
  'app/components/admin/publishing/RepositoryVisibility.tsx',
  'app/routes/admin.settings.private.tsx',
  ...filesUnder('app/editing/connection'),
]);

/**
 * The one file whose messages may say git's words and a commit's id: local
 * mode publishes into the git checkout of whoever runs `npm start` on their
 * own computer, a developer, who must run git to fix what it reports (a
 * detached HEAD, a failed push). On Netlify the designer meets
 * publish-remote.server.ts's.
 */
const DEVELOPERS_OWN = new Set(['app/editing/git/publish-local.server.ts']);

/** Attributes that never show as words: where an element goes, how it is styled, what it is named for the code. */
const HIDDEN_ATTRIBUTES =
  /^(className|class|href|to|action|method|name|id|key|type|value|defaultValue|htmlFor|form|role|autoComplete|inputMode|pattern|accept|encType|rel|target|src|srcSet|sizes|lang|style|viewBox|d|fill|stroke|prefetch|fetcherKey|navigate|data-.*|aria-(describedby|labelledby|controls|live|current|hidden|haspopup)|formMethod|formAction|loading|decoding|media|as|mode|variant|tone|kind|intent|status)$/;

/** The properties and calls whose words reach a screen from the server code. */
const MESSAGE_PROPERTIES = /^(error|errors|reason|message|hint|why|problem|what|detail|notice|warning|when|title|label|summary|help|note)$/;
const MESSAGE_CALLS = /^(refuse|fail|failure|problem|refused|notOk|invalid|badRequest)$/;

/** Tailwind's classes, which a string of the screens' source may be: `mt-2 text-sm sm:p-6 bg-red-500/8 [field-sizing:content]`. */
const CLASS = /^(!?-?(\[[^\]\s]+\]|([a-z0-9@[\]-]+:)*[a-z][a-z0-9]*(-[a-z0-9./%[\]()#_,=&>*:+'-]+)*)|…)$/;
const isClasses = (text: string) => {
  const tokens = text.trim().split(/\s+/);
  return tokens.every((token) => CLASS.test(token)) && tokens.some((token) => /[-:[]/.test(token));
};

/** A string's words: a template's parts joined by "…" where its values go. */
function wordsOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
  if (ts.isJsxText(node)) return node.text.replace(/\s+/g, ' ').trim();
  return undefined;
}

/** Shown to her when it is a sentence (it has a space) or a word on its own ("Src", "Version"), and not classes. */
const shown = (text: string) => (/\s/.test(text.trim()) || /^[A-Z][a-z]+[.:!?]?$/.test(text)) && !isClasses(text);

function isHidden(node: ts.Node): boolean {
  for (let up = node.parent; up; up = up.parent) {
    if (ts.isImportDeclaration(up) || ts.isExportDeclaration(up)) return true;
    if (ts.isJsxAttribute(up)) return HIDDEN_ATTRIBUTES.test(up.name.getText());
    if (
      ts.isCallExpression(up) &&
      /^console\.|\.(querySelector(All)?|closest|matches|setAttribute|getAttribute|toLocale\w+String)$/.test(up.expression.getText())
    )
      return true;
    if (ts.isBlock(up) || ts.isSourceFile(up)) return false;
  }
  return false;
}

/** Whether a string of the server code is a message to her: an answer's property, or a refusal's argument. */
function isMessage(node: ts.Node): boolean {
  for (let up: ts.Node | undefined = node.parent; up; up = up.parent) {
    if (ts.isPropertyAssignment(up)) return MESSAGE_PROPERTIES.test(up.name.getText());
    if (ts.isCallExpression(up)) {
      const callee = up.expression.getText().split('.').pop() ?? '';
      if (MESSAGE_CALLS.test(callee)) return true;
      if (/^console\.|^(log|warn|logger)/.test(up.expression.getText())) return false;
    }
    // `message = …`, `const reason = …`: a message made in steps.
    if (ts.isBinaryExpression(up) && up.operatorToken.kind === ts.SyntaxKind.EqualsToken) return MESSAGE_PROPERTIES.test(up.left.getText());
    if (ts.isVariableDeclaration(up)) return MESSAGE_PROPERTIES.test(up.name.getText());
    if (ts.isBlock(up) || ts.isSourceFile(up)) return false;
  }
  return false;
}

/** The words of a source file a screen may show: every string (`only` picks which) and JSX text, comments left out. */
export function shownWords(source: string, file = 'screen.tsx', only: (node: ts.Node) => boolean = (node) => !isHidden(node)): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const words = wordsOf(node);
    if (words !== undefined && shown(words) && only(node)) found.push(words);
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
    else node.templateSpans.forEach((span) => visit(span.expression));
  };
  visit(tree);
  return found;
}

/** A value a screen shows that is a file's path or a commit's id, unless it goes through her words first (`imageName(src)`, `titleOf(…)`). */
const RAW_VALUE = /(^|[.\s(!?])(path|contentPath|filePath|file|commit|blobId|sha|lastError)\b(?!\s*\()(?!\.(name|size|type)\b)/;
const HER_WORDS_CALL = /^\w*(Words|Name|Label|Title|Of|Href|Problem)\(/;

/** The values a screen's JSX shows as text, or a shown string's template puts in, that are paths or commit ids. */
export function rawValues(source: string, file = 'screen.tsx', only: (node: ts.Node) => boolean = (node) => !isHidden(node)): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const check = (expression: ts.Expression) => {
    // Words written out ('Choose a file') are words, read by the words check; a value is what is computed.
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return;
    const text = expression.getText();
    if (RAW_VALUE.test(text) && !HER_WORDS_CALL.test(text)) found.push(`a raw value on the screen: {${text}}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      // A condition or a choice shows only its branches.
      const shownParts = (e: ts.Expression): ts.Expression[] =>
        ts.isConditionalExpression(e)
          ? [...shownParts(e.whenTrue), ...shownParts(e.whenFalse)]
          : ts.isBinaryExpression(e) &&
              [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(
                e.operatorToken.kind,
              )
            ? shownParts(e.right).concat(e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ? [] : shownParts(e.left))
            : ts.isParenthesizedExpression(e)
              ? shownParts(e.expression)
              : ts.isJsxElement(e) ||
                  ts.isJsxFragment(e) ||
                  ts.isJsxSelfClosingElement(e) ||
                  (ts.isCallExpression(e) && /\.map$/.test(e.expression.getText()))
                ? []
                : [e];
      shownParts(node.expression).forEach(check);
    }
    if (ts.isTemplateExpression(node) && shown(wordsOf(node) ?? '') && only(node))
      node.templateSpans.forEach((span) => check(span.expression));
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

const problemsIn = (file: string, words: string[]) =>
  words
    .flatMap((text) => developerWords(text, { githubSteps: GITHUB_STEPS.has(file) }))
    .filter((problem) => !(DEVELOPERS_OWN.has(file) && problem.startsWith('a git word')));
const rawValuesIn = (file: string, values: string[]) => (DEVELOPERS_OWN.has(file) ? [] : values);

describe('her words on every screen of /admin', () => {
  it('reads every screen and the server code behind them', () => {
    expect(SCREENS).toEqual(
      expect.arrayContaining([
        'app/components/admin/content/ContentList.tsx',
        'app/components/admin/content/ContentHistory.tsx',
        'app/components/admin/content/SaveResultBanner.tsx',
        'app/components/admin/editor/BlockCard.tsx',
        'app/components/admin/insights/InsightsPage.tsx',
        'app/components/admin/setup/MakeItYours.tsx',
        'app/routes/admin._index.tsx',
        'app/routes/admin.content.$.tsx',
        'app/routes/admin.content.history.$.server.ts',
        'app/routes/admin.settings.mail.tsx',
        'app/routes/admin_.sign-in.tsx',
      ]),
    );
    expect(MESSAGES).toEqual(expect.arrayContaining(['app/editing/publish-document.server.ts', 'app/access/share-links.server.ts']));
  });

  it.each(SCREENS)('%s', (file) => {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    expect([...problemsIn(file, shownWords(source, file)), ...rawValues(source, file)]).toEqual([]);
  });

  it.each(MESSAGES)('the messages of %s', (file) => {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    expect([...problemsIn(file, shownWords(source, file, isMessage)), ...rawValuesIn(file, rawValues(source, file, isMessage))]).toEqual(
      [],
    );
  });

  it('the notes after publishing say when the site shows it, in her words', () => {
    const notes = shownWords(readFileSync(path.join(ROOT, 'app/editing/publish-document.server.ts'), 'utf8'), 'x.ts', isMessage);
    expect(notes.some((note) => /live on your site now/.test(note))).toBe(true);
  });

  it.each([
    ['<p>Publishing makes a commit in this checkout.</p>', 'a git word'],
    ["const a = 'The repository cannot be reached.';", 'a git word'],
    ['<label>Src</label>', 'a field name'],
    ['<span>content/site.yml:1 field "name": must not be empty</span>', 'a file path'],
    ["const m = { error: 'The YAML does not parse.' };", 'a format or protocol'],
    ['<p>Version ee53244 is on the site</p>', 'a commit id'],
    ['const x = { message: `Your ${field} is undefined` };', 'a program’s leftover'],
    ['<p>Set the heroImage field</p>', 'a frontmatter key'],
    ['<p title="Restore 4f2a9c1e">Restore</p>', 'a commit id'],
    ['<p>No SESSION_SECRET: the address cannot be shown.</p>', 'a setting’s name'],
  ])('catches %s (the check can fail)', (source, kind) => {
    expect(problemsIn('x.tsx', shownWords(source, 'x.tsx')).join('\n')).toContain(kind);
  });

  it('catches a block tag and a card named by its tag', () => {
    expect(developerWords('Add a <Gallery> block by hand').join()).toContain('a block tag');
    expect(developerWords('BEFOREAFTER').join()).toContain('a block tag');
  });

  it('leaves classes, addresses and her own words alone', () => {
    expect(shownWords('<p className="mt-2 text-sm sm:p-6 bg-red-500/8">Your name can’t be empty.</p>')).toEqual([
      'Your name can’t be empty.',
    ]);
    expect(developerWords('Share this link: https://dana.example/l/3f9a2c1b7e with a recruiter on GitHub or LinkedIn.')).toEqual([]);
    expect(developerWords('Your change of 27 Nov, 14:03, by Dana')).toEqual([]);
    expect(developerWords('The one in Netlify’s settings (SMTP_URL) always wins: remove it there (it is named SMTP_URL there).')).toEqual(
      [],
    );
  });
});

describe('the raw-value check itself', () => {
  it('flags a path or a commit shown as text, not words written out that happen to say "file"', () => {
    expect(rawValues('export const A = () => <p>{item.path}</p>;')).toEqual(['a raw value on the screen: {item.path}']);
    expect(rawValues('export const B = ({ c }) => <p>{c.commit}</p>;')).toHaveLength(1);
    expect(rawValues("export const C = ({ many }) => <p>{many ? 'Choose files' : 'Choose a file'}</p>;")).toEqual([]);
  });
});
