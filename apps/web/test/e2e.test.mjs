// End-to-end tests of the web app in Debian's chromium (playwright-core from tests/browser):
// the built app (dist/) served from two origins by serve.mjs, as a deployment serves it.
// Each language runs, steps, and the picture and the editor's line marks change; share links
// round-trip and malformed ones are refused; endless loops stop; a program stuck in one call
// is cut off and the next run works; a program's network and imports are blocked; the
// runner refuses to be framed by any page but the app. Run by apps/web/test.sh.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launch } from '../../../tests/browser/helpers.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = process.env.ALGOSCOPE_SCREENSHOTS ? path.resolve(process.env.ALGOSCOPE_SCREENSHOTS) : path.join(HERE, '..', 'screenshots');
const PORT = Number(process.env.WEB_TEST_PORT || 20000 + Math.floor(Math.random() * 20000) * 2);
const APP = `http://localhost:${PORT}`;
const RUNNER = `http://127.0.0.1:${PORT + 1}`;

let server;
let browser;
/** Every request the two origins served (serve.mjs --log). */
const serverLog = [];
before(async () => {
  server = spawn(process.execPath, [path.join(HERE, '..', 'serve.mjs'), '--port', String(PORT), '--log'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    let text = '';
    server.stdout.on('data', (chunk) => {
      text += chunk;
      const lines = text.split('\n');
      text = lines.pop();
      for (const line of lines) {
        if (line.startsWith('app ')) resolve();
        else serverLog.push(line);
      }
    });
    server.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
  });
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  server?.kill();
});

/** A fresh page of the app with every problem recorded: console errors, page errors,
 * dialogs, CSP violations on the app's page, and every request URL. */
async function openApp(url = `${APP}/`) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()} ${msg.location().url}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('dialog', async (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  // Requests that got an answer (a request CSP blocks fails with net::ERR_BLOCKED_BY_CSP).
  context.on('requestfinished', (req) => requests.push(req.url()));
  context.on('requestfinished', async (req) => {
    const sizes = await req.sizes().catch(() => null);
    if (sizes) page.bytes = (page.bytes ?? 0) + sizes.responseBodySize + sizes.responseHeadersSize;
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window.__violations ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  return { context, page, problems, requests };
}

async function setProgram(page, language, code, stdin = '') {
  await page.selectOption('#language', language);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click('#editor .cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // insertText: no auto-indent or bracket closing in the way.
  await page.keyboard.insertText(code);
  await page.click('#tab-input');
  await page.fill('#stdin', stdin);
  await page.click('#tab-code');
}

/** Presses Run and waits for the outcome; returns its kind and text. */
async function run(page, timeout = 60_000) {
  const before = await page.evaluate(() => document.getElementById('outcome').dataset.run ?? '');
  await page.click('#run');
  await page.waitForFunction(
    (b) => {
      const outcome = document.getElementById('outcome');
      return !outcome.hidden && outcome.dataset.run !== b && document.body.dataset.running !== '1';
    },
    before,
    { timeout },
  );
  return page.evaluate(() => ({ kind: document.getElementById('outcome').dataset.outcome, text: document.getElementById('outcome').textContent }));
}

const view = (page) => page.evaluate(() => ({
  counter: document.querySelector('#counter')?.textContent,
  svg: document.querySelector('#memory svg')?.outerHTML ?? '',
  next: [...document.querySelectorAll('#editor .cm-next-line')].map((n) => n.textContent),
  prev: [...document.querySelectorAll('#editor .cm-prev-line')].map((n) => n.textContent),
  stdout: document.querySelector('#stdout')?.textContent ?? '',
}));

const PROGRAMS = {
  python: 'xs = [3, 1, 2]\nys = []\nfor x in xs:\n    ys.append(x * 2)\nprint(ys)\n',
  javascript: 'const xs = [3, 1, 2];\nconst ys = [];\nfor (const x of xs) {\n  ys.push(x * 2);\n}\nconsole.log(ys);\n',
  typescript: 'const xs: number[] = [3, 1, 2];\nconst ys: number[] = [];\nfor (const x of xs) {\n  ys.push(x * 2);\n}\nconsole.log(ys);\n',
};

for (const language of ['javascript', 'typescript', 'python']) {
  test(`${language}: type, Run, step; the picture and the line marks change`, async () => {
    const { context, page, problems, requests } = await openApp();
    await setProgram(page, language, PROGRAMS[language]);
    const outcome = await run(page);
    assert.equal(outcome.kind, 'ok', outcome.text);
    const first = await view(page);
    assert.match(first.counter, /^step 1 \/ \d+/);
    await page.click('#next');
    await page.click('#next');
    await page.click('#next');
    const later = await view(page);
    assert.notEqual(later.counter, first.counter);
    assert.notEqual(later.svg, first.svg, 'the memory picture changed');
    assert.notDeepEqual(later.next, first.next, 'the editor marks another line');
    assert.equal(later.next.length, 1);
    await page.click('#last');
    assert.match((await view(page)).stdout, /\[6, 2, 4\]|\[ 6, 2, 4 \]/);
    // Typing clears the marks.
    await page.click('#editor .cm-content');
    await page.keyboard.press('End');
    await page.keyboard.insertText(' ');
    assert.deepEqual((await view(page)).next, []);
    if (language !== 'python') {
      assert.deepEqual(requests.filter((u) => u.includes('/pyodide/')), [], 'JS/TS never loads Pyodide');
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(await page.evaluate(() => window.__violations ?? []), []);
    await context.close();
  });
}

test('screenshots of each language at a middle step', async () => {
  const { context, page, problems } = await openApp();
  for (const [language, file] of [['python', 'linked_list'], ['javascript', 'dijkstra'], ['typescript', 'bst']]) {
    await page.selectOption('#language', language);
    await page.selectOption('#example', `${file}.${{ python: 'py', javascript: 'js', typescript: 'ts' }[language]}`);
    const outcome = await run(page);
    assert.equal(outcome.kind, 'ok', outcome.text);
    const count = Number(await page.evaluate(() => document.getElementById('stepper').dataset.steps));
    await page.locator('#slider').fill(String(Math.round(count / 2)));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `web-${language}-middle.png`) });
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the stepper in the app: play, zoom, drag a box (kept through a re-run), Nested', async () => {
  const { context, page, problems } = await openApp();
  await setProgram(page, 'python', 'class Node:\n    def __init__(self, v, nxt=None):\n        self.v = v\n        self.nxt = nxt\n\nhead = None\nfor v in range(6):\n    head = Node(v, head)\nprint(head.v)\n');
  assert.equal((await run(page)).kind, 'ok');
  const step = () => page.evaluate(() => Number(document.getElementById('stepper').dataset.step));
  await page.click('#play');
  await page.waitForFunction(() => Number(document.getElementById('stepper').dataset.step) >= 3, null, { timeout: 10_000 });
  await page.click('#play');
  assert.equal(await page.locator('#play').getAttribute('aria-pressed'), 'false');
  await page.click('#last');
  const width = () => page.evaluate(() => document.querySelector('#memory > svg').getBoundingClientRect().width);
  const fitted = await width();
  await page.click('#memory-in');
  assert.ok((await width()) > fitted * 1.2, 'zoom in');
  await page.click('#memory-fit');
  // Drag the first Node box; a re-run keeps it where it was dropped.
  const key = await page.evaluate(() => [...document.querySelectorAll('#memory g.node[data-key^="obj:"]')].find((n) => !n.closest('g.tree') && !n.parentElement.closest('g.node'))?.getAttribute('data-key'));
  assert.ok(key);
  const at = () => page.evaluate((k) => {
    const n = document.querySelector('#memory g.node[data-key="' + CSS.escape(k) + '"]');
    return [Number(n.getAttribute('data-x')), Number(n.getAttribute('data-y'))];
  }, key);
  const before = await at();
  const box = await page.locator('#memory g.node[data-key="' + key + '"]').first().boundingBox();
  await page.mouse.move(box.x + 5, box.y + 5);
  await page.mouse.down();
  await page.mouse.move(box.x + 45, box.y + 125, { steps: 5 });
  await page.mouse.up();
  const dropped = await at();
  assert.notDeepEqual(dropped, before);
  assert.ok(await page.locator('#memory-unpin').isVisible());
  assert.equal((await run(page)).kind, 'ok');
  await page.click('#last');
  assert.deepEqual(await at(), dropped, 'the re-run keeps the dragged box');
  // Another example is another program: its boxes are where the layout puts them.
  await page.selectOption('#example', 'linked_list.py');
  assert.equal((await run(page)).kind, 'ok');
  assert.ok(await page.locator('#memory-unpin').isHidden(), 'a pin carried over to another example');
  await page.click('#last');
  await page.click('#memory-nested');
  // At a late step the new drawing is laid out in slices, like a far jump.
  await page.waitForFunction(() => document.querySelector('#memory > svg')?.classList.contains('nested'), null, { timeout: 20_000 });
  assert.ok((await step()) > 3);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the Big-O chip shows the estimate checked against the run, in each language', async () => {
  const { context, page, problems } = await openApp();
  for (const [language, code] of [
    ['python', 'def total(xs):\n    s = 0\n    for x in xs:\n        s += x\n    return s\n\nprint(total([1, 2, 3, 4]))\n'],
    ['javascript', 'function total(xs) {\n  let s = 0;\n  for (const x of xs) s += x;\n  return s;\n}\nconsole.log(total([1, 2, 3, 4]));\n'],
  ]) {
    await setProgram(page, language, code);
    assert.equal((await run(page)).kind, 'ok');
    const chip = page.locator('#complexity');
    await chip.waitFor({ state: 'visible' });
    assert.match(await chip.textContent(), /Big-O\s*O\(n\)/, language);
    await chip.click();
    assert.match(await page.locator('#complexity-panel').textContent(), /total/, language);
    await page.keyboard.press('Escape');
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('an endless loop is stopped by the time budget, in each language', async () => {
  const { context, page } = await openApp();
  for (const [language, code] of [['python', 'n = 0\nwhile True:\n    n += 1\n'], ['javascript', 'let n = 0;\nwhile (true) {\n  n++;\n}\n']]) {
    await setProgram(page, language, code);
    const outcome = await run(page);
    assert.equal(outcome.kind, 'budget', outcome.text);
    assert.match(outcome.text, /Stopped early: the .* budget ran out/);
    assert.ok(Number(await page.evaluate(() => document.getElementById('stepper').dataset.steps)) > 100);
  }
  await context.close();
});

test('a program stuck in one call is cut off and the next run gets a fresh runner', async () => {
  const { context, page } = await openApp();
  for (const [language, code] of [['javascript', 'const spin = new Function("while (true) {}");\nspin();\n'], ['python', 'x = 1\nprint(sum(range(10**12)))\n']]) {
    await setProgram(page, language, code);
    const started = Date.now();
    const outcome = await run(page, 40_000);
    assert.equal(outcome.kind, 'budget', outcome.text);
    assert.match(outcome.text, /stuck in one call/);
    assert.ok(Date.now() - started < 20_000, `cut off after ${Date.now() - started} ms`);
    // The steps before the stuck call are kept and shown.
    assert.ok(Number(await page.evaluate(() => document.getElementById('stepper').dataset.steps)) >= 2, `${language}: no steps kept`);
    await setProgram(page, language, PROGRAMS[language]);
    const next = await run(page);
    assert.equal(next.kind, 'ok', next.text);
  }
  await context.close();
});

test('a program\'s fetch, WebSocket, import(), importScripts, EventSource and beacons are blocked', async () => {
  const { context, page, requests } = await openApp();
  const logged = serverLog.length;
  const code = `const tries = {
  fetchOther: () => fetch('https://example.com/steal-1'),
  fetchApp: () => fetch('${APP}/steal-2'),
  webSocket: () => new WebSocket('ws://localhost:${PORT}/steal-3'),
  importRemote: () => import('${APP}/steal-4.js'),
  importScripts: () => importScripts('${APP}/steal-5.js'),
  eventSource: () => new EventSource('${APP}/steal-6'),
  beacon: () => { if (!navigator.sendBeacon || !navigator.sendBeacon('${APP}/steal-7', 'x')) throw new Error('no beacon'); },
};
for (const [name, attempt] of Object.entries(tries)) {
  try {
    const result = attempt();
    if (result && typeof result.then === 'function') {
      result.then(() => console.log(name + ': went through'), () => console.log(name + ': blocked'));
    } else {
      console.log(name + ': tried');
    }
  } catch (e) {
    console.log(name + ': blocked');
  }
}
`;
  await setProgram(page, 'javascript', code);
  const outcome = await run(page);
  assert.ok(['ok', 'program-error'].includes(outcome.kind), outcome.text);
  await page.click('#last');
  const { stdout } = await view(page);
  // What fails at once says so (a promise may settle only after the run ended); a
  // WebSocket and an EventSource fail later still. Nothing went through, and the server
  // never saw any of them.
  assert.doesNotMatch(stdout, /went through/, stdout);
  for (const name of ['importScripts', 'beacon']) assert.match(stdout, new RegExp(`${name}: blocked`), stdout);
  await page.waitForTimeout(1500);
  assert.deepEqual(requests.filter((u) => u.includes('steal')), []);
  assert.deepEqual(serverLog.slice(logged).filter((line) => line.includes('steal')), []);
  await context.close();
});

test('share links round-trip, never run by themselves, and malformed ones are refused', async () => {
  const { context, page } = await openApp();
  const big = '# ' + 'x = [1, 2, 3]  # a long program\n'.repeat(1000);
  const cases = [
    ['python', 'print("héllo, 世界 🌍")\n', 'line one\nline two'],
    ['javascript', '', ''],
    ['typescript', 'let s: string = "ünïcode";\n', ''],
    ['python', big.slice(0, 30_000), ''],
  ];
  for (const [language, code, stdin] of cases) {
    await setProgram(page, language, code, stdin);
    await page.click('#share');
    await page.waitForFunction(() => location.hash.startsWith('#v1.'));
    const url = await page.evaluate(() => location.href);
    const opened = await openApp(url);
    assert.equal(await opened.page.evaluate(() => document.getElementById('banner').dataset.kind), 'shared');
    assert.equal(await opened.page.inputValue('#language'), language);
    assert.equal(await opened.page.inputValue('#stdin'), stdin);
    const firstLine = await opened.page.evaluate(() => document.querySelector('#editor .cm-line')?.textContent ?? '');
    assert.equal(firstLine, code.split('\n')[0]);
    assert.equal(await opened.page.evaluate(() => document.body.dataset.shown), undefined, 'nothing ran');
    assert.equal(await opened.page.evaluate(() => document.body.dataset.running), '');
    // The opened program shares to the same link: the same language, code and input.
    await opened.page.evaluate(() => history.replaceState(null, '', location.pathname));
    await opened.page.click('#share');
    await opened.page.waitForFunction(() => location.hash.startsWith('#v1.'));
    assert.equal(await opened.page.evaluate(() => location.href), url);
    await opened.context.close();
    await page.evaluate(() => history.replaceState(null, '', location.pathname));
  }
  const deflated = async (text) => page.evaluate(async (t) => {
    const bytes = new Uint8Array(await new Response(new Blob([new TextEncoder().encode(t)]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }, text);
  const bomb = await page.evaluate(async () => {
    const bytes = new Uint8Array(await new Response(new Blob([new Uint8Array(3 << 20).fill(32)]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  });
  const malformed = {
    'another version': '#v2.abc',
    'not a link': '#vx',
    'bad alphabet': '#v1.abc$def',
    'too long': '#v1.' + 'A'.repeat(40_000),
    'not deflate': '#v1.AAAAAAAAAAAA',
    'inflates past 1 MB': '#v1.' + bomb,
    'not UTF-8': '#v1.' + await page.evaluate(async () => {
      const bytes = new Uint8Array(await new Response(new Blob([new Uint8Array([0xff, 0xfe, 0x22])]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
      return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    }),
    'not JSON': '#v1.' + await deflated('{not json'),
    'not an object': '#v1.' + await deflated('[1, 2]'),
    'unknown language': '#v1.' + await deflated('{"language":"ruby","code":"puts 1"}'),
    'code not text': '#v1.' + await deflated('{"language":"python","code":42}'),
  };
  for (const [name, hash] of Object.entries(malformed)) {
    const opened = await openApp(`${APP}/${hash}`);
    const banner = await opened.page.evaluate(() => ({ kind: document.getElementById('banner').dataset.kind, text: document.getElementById('banner').textContent }));
    assert.equal(banner.kind, 'refused', `${name}: ${JSON.stringify(banner)}`);
    assert.match(banner.text, /This share link was refused: \w/, name);
    await opened.context.close();
  }
  await context.close();
});

test('the runner refuses to be framed by a page that is not the app', async () => {
  // A third origin frames the runner and says hello as the app would: frame-ancestors keeps
  // the runner from loading there, so nothing answers.
  const hostile = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><iframe id="f" src="${RUNNER}/runner.html"></iframe>
<script>
window.answers = [];
document.getElementById('f').addEventListener('load', () => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => window.answers.push(e.data);
  document.getElementById('f').contentWindow.postMessage({ type: 'algoscope-hello', protocol: 1 }, '*', [channel.port2]);
  window.loaded = true;
});
</script>`);
  });
  await new Promise((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${hostile.address().port}/`);
  await page.waitForFunction(() => window.loaded);
  await page.waitForTimeout(1500);
  assert.deepEqual(await page.evaluate(() => window.answers), []);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  assert.notEqual(frame?.url(), `${RUNNER}/runner.html`, 'the runner did not load in the frame');
  await context.close();
  hostile.close();
});

test('the runner\'s worker has no page, dialogs or popups to reach', async () => {
  const { context, page, problems } = await openApp();
  await setProgram(page, 'javascript', "for (const name of ['document', 'window', 'parent', 'top', 'alert', 'confirm', 'open', 'localStorage']) {\n  console.log(name + ': ' + typeof globalThis[name]);\n}\n");
  const outcome = await run(page);
  assert.equal(outcome.kind, 'ok', outcome.text);
  await page.click('#last');
  const { stdout } = await view(page);
  for (const name of ['document', 'window', 'parent', 'top', 'alert', 'confirm', 'open', 'localStorage']) assert.match(stdout, new RegExp(`${name}: undefined`), stdout);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the outcomes are told apart: program error, syntax error, refused records, runtime not loaded', async () => {
  const { context, page } = await openApp();
  await setProgram(page, 'javascript', 'const xs = [1, 2];\nconsole.log(xs[5].name);\n');
  let outcome = await run(page);
  assert.equal(outcome.kind, 'program-error', outcome.text);
  assert.match(outcome.text, /The program raised TypeError/);

  await setProgram(page, 'typescript', 'let x: number = (;\n');
  outcome = await run(page);
  assert.equal(outcome.kind, 'program-error', outcome.text);
  assert.match(outcome.text, /does not compile: line 1/);

  await setProgram(page, 'python', 'def f(:\n    pass\n');
  outcome = await run(page);
  assert.equal(outcome.kind, 'program-error', outcome.text);
  assert.match(outcome.text, /does not compile: line 1/);

  // A program that writes into its own record stream on the way out: refused, not drawn.
  await setProgram(page, 'python', "import glob\nx = 1\nfor name in glob.glob('/dev/algoscope-*'):\n    with open(name, 'w') as f:\n        f.write('{\"l\": \"forged\"}\\n')\n");
  outcome = await run(page);
  assert.equal(outcome.kind, 'refused', outcome.text);
  await context.close();

  // Pyodide cannot be fetched: the runtime did not load, nothing ran.
  const blocked = await openApp();
  await blocked.context.route('**/pyodide/**', (route) => route.abort());
  await setProgram(blocked.page, 'python', 'print(1)\n');
  outcome = await run(blocked.page);
  assert.equal(outcome.kind, 'not-loaded', outcome.text);
  assert.match(outcome.text, /did not load; nothing ran/);
  await blocked.context.close();
});

/** A plain http server on a third origin that serves `html` at /; returns its origin. */
async function hostServer(html) {
  const host = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (req.url === '/favicon.ico') res.writeHead(204).end();
    else res.writeHead(404).end();
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${host.address().port}`, close: () => host.close() };
}

test('embed.html on a third-origin page, driven by postMessage; origins and versions checked', async () => {
  const host = await hostServer(`<!doctype html><meta charset="utf-8">
<iframe id="f" style="width:1000px;height:700px" src="${APP}/embed.html#language=javascript"></iframe>
<script>
window.messages = [];
window.addEventListener('message', (e) => {
  if (e.origin !== '${APP}' || e.source !== document.getElementById('f').contentWindow) return;
  window.messages.push(e.data);
});
window.send = (m) => document.getElementById('f').contentWindow.postMessage(m, '${APP}');
</script>`);
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(err.message));
  await page.goto(`${host.origin}/`);
  const messages = (type) => page.evaluate((t) => window.messages.filter((m) => m.type === t), type);
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'ready'));
  // Step through on the first test case: a file that only defines a function, and the call.
  await page.evaluate(() => window.send({ algoscope: 1, type: 'load', language: 'python', code: 'def solve(xs):\n    out = sorted(xs)\n    return out\n', call: 'print(solve([3, 1, 2]))' }));
  await page.evaluate(() => window.send({ algoscope: 1, type: 'run' }));
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'outcome'), null, { timeout: 60_000 });
  const [outcome] = await messages('outcome');
  assert.equal(outcome.kind, 'ok', JSON.stringify(outcome));
  assert.ok(outcome.steps >= 4, JSON.stringify(outcome));
  await page.evaluate(() => window.send({ algoscope: 1, type: 'goto', step: 2 }));
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'step' && m.step === 2));
  const frame = page.frames().find((f) => f.url().startsWith(`${APP}/embed.html`));
  assert.match(await frame.textContent('#counter'), /^step 3 \//);
  assert.ok(await frame.$('#memory svg'), 'a picture is drawn');
  await page.evaluate(() => window.send({ algoscope: 1, type: 'goto', step: 1e6 }));
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'step' && m.step > 2));
  assert.match(await frame.textContent('#stdout'), /\[1, 2, 3\]/);
  // Another version, a bad load and an unknown type are refused with an error message.
  await page.evaluate(() => {
    window.send({ algoscope: 2, type: 'run' });
    window.send({ algoscope: 1, type: 'load', language: 'ruby', code: 'puts 1' });
    window.send({ algoscope: 1, type: 'explode' });
  });
  await page.waitForFunction(() => window.messages.filter((m) => m.type === 'error').length === 3);
  await page.screenshot({ path: path.join(SHOTS, 'web-embed.png') });
  await context.close();

  host.close();

  // An embed that names another host neither answers this page nor obeys it.
  const wrong = await hostServer(`<!doctype html><meta charset="utf-8">
<iframe id="f" src="${APP}/embed.html#language=python&code=print(1)&host=https://elsewhere.example"></iframe>
<script>
window.messages = [];
window.addEventListener('message', (e) => window.messages.push(e.data));
window.send = (m) => document.getElementById('f').contentWindow.postMessage(m, '${APP}');
</script>`);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(`${wrong.origin}/`);
  const embedded = otherPage.frames().find((f) => f.url().startsWith(`${APP}/embed.html`));
  await embedded.waitForSelector('body[data-ready]');
  await otherPage.evaluate(() => window.send({ algoscope: 1, type: 'run' }));
  await otherPage.waitForTimeout(2000);
  assert.deepEqual(await otherPage.evaluate(() => window.messages), []);
  assert.equal(await embedded.evaluate(() => document.getElementById('outcome').hidden), true, 'nothing ran');
  await other.close();
  wrong.close();
  assert.deepEqual(problems, []);
});

test('the <algoscope-stepper> web component on a plain page of another origin', async () => {
  const host = await hostServer(`<!doctype html><meta charset="utf-8">
<script type="module" src="${APP}/algoscope-stepper.js"></script>
<algoscope-stepper id="s" language="javascript" height="640px" autorun
  code="function twice(xs) {&#10;  return xs.map((x) => x * 2);&#10;}&#10;" call="console.log(twice([1, 2, 3]))"></algoscope-stepper>
<script type="module">
const s = document.getElementById('s');
window.events = [];
for (const type of ['ready', 'outcome', 'step']) s.addEventListener(type, (e) => window.events.push(e.detail));
</script>`);
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  await page.goto(`${host.origin}/`);
  await page.waitForFunction(() => window.events?.some((e) => e.type === 'outcome'), null, { timeout: 60_000 });
  const outcome = await page.evaluate(() => window.events.find((e) => e.type === 'outcome'));
  assert.equal(outcome.kind, 'ok', JSON.stringify(outcome));
  await page.evaluate(() => document.getElementById('s').goTo(3));
  await page.waitForFunction(() => window.events.some((e) => e.type === 'step' && e.step === 3));
  const frame = page.frames().find((f) => f.url().startsWith(`${APP}/embed.html`));
  assert.match(await frame.textContent('#counter'), /^step 4 \//);
  await page.screenshot({ path: path.join(SHOTS, 'web-component.png') });
  assert.deepEqual(problems, []);
  await context.close();
  host.close();
});

test('an ES-module program (top-level await, export) runs in the runner', async () => {
  const { context, page, problems } = await openApp();
  await setProgram(page, 'typescript', 'const x: number = await Promise.resolve(5);\nconsole.log(x * 2);\nexport {};\n');
  const outcome = await run(page);
  assert.equal(outcome.kind, 'ok', outcome.text);
  await page.click('#last');
  assert.match((await view(page)).stdout, /10/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a Python program that changes the interpreter does not spoil the next run', async () => {
  const { context, page } = await openApp();
  await setProgram(page, 'python', 'import builtins, sys\nbuiltins.len = lambda x: 0\nsys.setrecursionlimit(50)\nprint(len([1]))\n');
  assert.equal((await run(page)).kind, 'ok');
  await setProgram(page, 'python', 'xs = [1, 2, 3]\nprint(len(xs))\n');
  assert.equal((await run(page)).kind, 'ok');
  await page.click('#last');
  assert.match((await view(page)).stdout, /^\s*3\s*$/m);
  await context.close();
});

test('the runner checks the protocol version of the hello and says it is stale', async () => {
  const { context, page } = await openApp();
  await page.waitForSelector('body[data-runner="ready"]');
  const answer = await page.evaluate((runner) => new Promise((resolve) => {
    const frame = document.querySelector('iframe[title="algoscope runner"]');
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve(e.data);
    frame.contentWindow.postMessage({ type: 'algoscope-hello', protocol: 999 }, runner, [channel.port2]);
    setTimeout(() => resolve(null), 5000);
  }), RUNNER);
  assert.deepEqual(answer, { type: 'stale', protocol: 2, wanted: 999 });
  await context.close();
});
