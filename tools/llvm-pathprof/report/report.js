// report.js - the views of llvm-pathprof report --html (index.html).
//
// Everything comes from the JSON document in #pathprof-data (written by
// ReportHTML.cpp; docs/CommandGuide.md, "report --html"): "profile" is the
// model of show --json, "concentration" the documents of report --json, one
// per summed metric, and "sources" the text of the source files. Views, by
// location hash:
//   #functions                  the functions, sortable by each column
//   #function=I[&path=ID]       function I of the model: its paths, and the
//                               selected path's lines on the source
//   #contexts                   the calling context tree as a flame graph
//   #metrics                    the concentration tables
// No library and no network: the page opens from disk.
'use strict';

(function () {
  const data = JSON.parse(document.getElementById('pathprof-data').textContent);
  const profile = data.profile;
  const functions = profile.functions;
  const metrics = profile.metrics || [];
  const summed = metrics.filter((m) => m.merge === 'sum');
  const sources = data.sources || {};
  const svgNS = 'http://www.w3.org/2000/svg';

  // --- Helpers ------------------------------------------------------------

  // el('td', {class: 'x'}, 'text', child...): a new element.
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'onclick') e.addEventListener('click', v);
      else e.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children) {
      if (c === null || c === undefined) continue;
      e.append(c instanceof Node ? c : String(c));
    }
    return e;
  }

  function svg(tag, attrs) {
    const e = document.createElementNS(svgNS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  }

  const integer = (n) => Number(n).toLocaleString('en-US');
  const percent = (part, whole) =>
    (whole ? (100 * part) / whole : 0).toFixed(2) + '%';
  const rate = (value, count) => (count ? value / count : 0).toFixed(2);
  // A sampled metric's estimate as show prints it: its 95% interval (`?` for
  // the high end of a path measured once) and the measured executions k, or
  // "not measured" (k = 0), never 0; "exact" when every execution was.
  const interval = (e) =>
    e.exact ? 'exact'
            : e.estimate === null ? 'not measured'
                                  : '[' + integer(e.low) + ', ' +
                                        (e.high === null ? '?' : integer(e.high)) + ']';

  // The value of metric NAME (null: the path count) in an object with a
  // "count" or "total_count" and a "metrics" object.
  function pathValue(p, name) {
    return name === null ? p.count : (p.metrics || {})[name] || 0;
  }

  function parseHash() {
    const h = location.hash.replace(/^#/, '');
    const out = {};
    for (const part of h.split('&')) {
      const [k, v] = part.split('=');
      if (k) out[k] = v === undefined ? '' : decodeURIComponent(v);
    }
    return out;
  }

  // Functions of the model by stored name and checksum, for links from the
  // context tree and the hot path tables.
  const functionIndex = new Map();
  functions.forEach((f, i) => functionIndex.set(f.name + '\u0000' + f.checksum, i));
  const functionOf = (name, checksum) =>
    functionIndex.get(name + '\u0000' + checksum);

  function functionLink(name, checksum, text, pathId) {
    const i = functionOf(name, checksum);
    if (i === undefined) return el('span', {}, text);
    let href = '#function=' + i;
    if (pathId !== undefined) href += '&path=' + pathId;
    return el('a', { href }, text);
  }

  // --- Header -------------------------------------------------------------

  document.getElementById('title').textContent = data.title;
  {
    const parts = [
      integer(profile.num_functions) + ' functions, ' +
        integer(profile.run_functions) + ' run',
      integer(profile.executed_paths) + ' executed paths',
      integer(profile.total_count) + ' path executions',
    ];
    if (metrics.length)
      parts.push('metrics: ' + metrics.map((m) => m.name + ' (' + m.unit +
                                           ', ' + m.merge + ')').join(', '));
    if (profile.context)
      parts.push(integer(profile.context.num_contexts) + ' calling contexts');
    document.getElementById('summary').textContent = parts.join(' \u00b7 ');
  }
  if (!profile.context)
    document.getElementById('tab-contexts').classList.add('hidden');
  if (!summed.length)
    document.getElementById('tab-metrics').classList.add('hidden');

  // --- Functions ----------------------------------------------------------

  // Columns of the index; value(f) ranks, the first sort is descending.
  const columns = [
    { key: 'name', title: 'Function', left: true,
      value: (f) => f.demangled_name, text: null },
    { key: 'file', title: 'File', left: true, value: (f) => f.file },
    { key: 'paths', title: 'Executed paths',
      value: (f) => f.executed_paths,
      text: (f) => integer(f.executed_paths) + ' of ' + integer(f.num_paths) },
    { key: 'count', title: 'Path executions', value: (f) => f.total_count },
    { key: 'entry', title: 'Entries', value: (f) => f.entry_count },
  ];
  for (const m of metrics)
    columns.push({ key: 'metric:' + m.name, title: m.name,
                   value: (f) => (f.metrics || {})[m.name] || 0 });

  const indexSort = {
    key: data.initial_metric === null ? 'paths' : 'metric:' + data.initial_metric,
    descending: true,
  };
  // The index draws its rows a page at a time: a table of every function of
  // a large program takes seconds to build, and the top of the ranking is
  // what one reads. Sorting keeps the number of rows shown.
  const indexPage = 500;
  let indexShown = indexPage;

  function renderFunctions() {
    const view = document.getElementById('view-functions');
    view.replaceChildren();
    view.append(el('h2', {}, 'Functions that ran'));
    view.append(el('p', { class: 'note' },
                   'Click a column to rank by it; click a function for its ' +
                   'paths on its source.'));
    const column = columns.find((c) => c.key === indexSort.key) || columns[2];
    const order = functions.map((f, i) => i);
    order.sort((a, b) => {
      const va = column.value(functions[a]), vb = column.value(functions[b]);
      let c = 0;
      if (va < vb) c = -1;
      else if (va > vb) c = 1;
      if (indexSort.descending) c = -c;
      return c || a - b;
    });
    const head = el('tr', {}, el('th', {}, '#'));
    for (const c of columns) {
      const th = el('th', {
        class: 'sortable' + (c.left ? ' left' : '') +
               (c === column ? ' sorted' + (indexSort.descending ? '' : ' ascending') : ''),
        'data-sort': c.key,
        onclick: () => {
          if (indexSort.key === c.key) indexSort.descending = !indexSort.descending;
          else { indexSort.key = c.key; indexSort.descending = !c.left; }
          renderFunctions();
        },
      }, c.title);
      head.append(th);
    }
    const body = el('tbody');
    const more = el('p', { class: 'note', id: 'function-more' });
    // Appends the rows of ranks [body's rows, end) and says what is left.
    const showRows = (end) => {
      end = Math.min(end, order.length);
      for (let rank = body.rows.length; rank < end; ++rank) {
        const i = order[rank];
        const f = functions[i];
        const row = el('tr', { 'data-function': i }, el('td', {}, rank + 1));
        for (const c of columns) {
          let cell;
          if (c.key === 'name')
            cell = el('td', { class: 'left name' },
                      el('a', { href: '#function=' + i }, f.demangled_name));
          else
            cell = el('td', { class: c.left ? 'left' : null },
                      c.text ? c.text(f) : (c.left ? c.value(f) : integer(c.value(f))));
          row.append(cell);
        }
        body.append(row);
      }
      indexShown = Math.max(end, indexPage);
      const left = order.length - end;
      more.replaceChildren();
      if (!left) return;
      const next = Math.min(left, indexPage);
      more.append('Showing ' + integer(end) + ' of ' + integer(order.length) + ' functions. ',
                  el('button', { id: 'function-next', type: 'button', onclick: () => showRows(end + next) },
                     'Show ' + integer(next) + ' more'),
                  ' ',
                  el('button', { id: 'function-all', type: 'button', onclick: () => showRows(order.length) },
                     'Show all'));
    };
    showRows(indexShown);
    view.append(el('table', { class: 'data', id: 'function-table' },
                   el('thead', {}, head), body), more);
    if (!functions.length)
      view.append(el('p', { class: 'note' }, 'No function ran.'));
  }

  // --- One function -------------------------------------------------------

  function blockLabel(b) {
    if (!b.file || !b.line_begin) return b.name;
    let s = b.file + ':' + b.line_begin;
    if (b.line_end > b.line_begin) s += '-' + b.line_end;
    return s + ' (' + b.name + ')';
  }

  // Line -> the steps (1-based, in path order) of PATH that cover it in FILE.
  function pathLines(f, path, file) {
    const lines = new Map();
    path.block_ids.forEach((id, step) => {
      const b = f.cfg_blocks[id];
      if (!b || b.file !== file || !b.line_begin) return;
      const end = Math.max(b.line_end, b.line_begin);
      for (let l = b.line_begin; l <= end; ++l) {
        if (!lines.has(l)) lines.set(l, []);
        const steps = lines.get(l);
        if (steps[steps.length - 1] !== step + 1) steps.push(step + 1);
      }
    });
    return lines;
  }

  function renderSource(f, path, pane) {
    pane.replaceChildren();
    const file = f.file;
    pane.append(el('h3', {}, file ? 'Source: ' + file : 'Source'));
    const src = file ? sources[file] : undefined;
    if (!src || src.text === undefined) {
      pane.append(el('p', { class: 'note', id: 'source-missing' },
                     !file ? 'The profile has no source lines for this function.'
                           : 'Source not available (' + src.path + ': ' +
                             src.error + '): the path\u2019s blocks are listed below.'));
    } else if (path) {
      const text = src.text.split(/\r?\n/);
      const lines = pathLines(f, path, file);
      // The function's own lines, a few around them.
      let lo = Infinity, hi = 0;
      for (const b of f.cfg_blocks)
        if (b.file === file && b.line_begin) {
          lo = Math.min(lo, b.line_begin);
          hi = Math.max(hi, b.line_end, b.line_begin);
        }
      lo = Math.max(1, lo - 3);
      hi = Math.min(text.length, hi + 3);
      const body = el('tbody');
      let first = null;
      for (let l = lo; l <= hi; ++l) {
        const steps = lines.get(l);
        const row = el('tr', { class: 'src-line' + (steps ? ' hl' : ''), 'data-line': l },
                       el('td', { class: 'steps' }, steps ? steps.join(',') : ''),
                       el('td', { class: 'number' }, l),
                       el('td', { class: 'code' }, text[l - 1] || ''));
        if (steps && !first) first = row;
        body.append(row);
      }
      const box = el('div', { class: 'source', id: 'source' },
                     el('table', { class: 'source-lines' }, body));
      pane.append(box);
      if (first)
        requestAnimationFrame(() => { box.scrollTop = Math.max(0, first.offsetTop - 60); });
    }
    if (!path) return;
    // The steps, numbered as the source's gutter numbers them.
    pane.append(el('h3', {}, 'Path ' + path.id + ' in order'));
    if (!path.starts_at_entry)
      pane.append(el('div', { class: 'backedge' }, '(from backedge)'));
    const list = el('ol', { class: 'steps', id: 'path-steps' });
    for (const id of path.block_ids) {
      const b = f.cfg_blocks[id];
      list.append(el('li', { class: b.file && b.file !== file ? 'elsewhere' : null },
                     blockLabel(b)));
    }
    pane.append(list);
    if (!path.ends_at_return)
      pane.append(el('div', { class: 'backedge' }, '(to backedge)'));
  }

  function renderFunction(index, pathId) {
    const view = document.getElementById('view-function');
    view.replaceChildren();
    const f = functions[index];
    if (!f) {
      view.append(el('p', { class: 'note' }, 'No function ' + index + ' in this report.'));
      return;
    }
    let path = f.paths.find((p) => String(p.id) === pathId) || f.paths[0];
    view.append(el('p', {}, el('a', { href: '#functions' }, '\u2190 all functions')));
    view.append(el('h2', { id: 'function-name' }, f.demangled_name));
    const facts = el('p', { class: 'facts' });
    const fact = (label, value) => facts.append(label + ' ', el('b', {}, value), '  \u00b7  ');
    if (f.file) fact('file', f.file);
    fact('paths', integer(f.num_paths));
    fact('executed', integer(f.executed_paths));
    fact('entries', integer(f.entry_count));
    fact('path executions', integer(f.total_count) + ' (' +
         percent(f.total_count, profile.total_count) + ' of program)');
    for (const m of metrics) fact(m.name, integer((f.metrics || {})[m.name] || 0));
    facts.lastChild.remove();
    if (f.name !== f.demangled_name) facts.append(el('br'), 'stored as ' + f.name);
    view.append(facts);

    const layout = el('div', { class: 'function-layout' });
    const pathsPane = el('div', { class: 'paths-pane' });
    const sourcePane = el('div', { class: 'source-pane', id: 'source-pane' });
    layout.append(pathsPane, sourcePane);
    view.append(layout);

    pathsPane.append(el('h3', {}, 'Hot paths'));
    if (f.paths.length < f.executed_paths)
      pathsPane.append(el('p', { class: 'note' }, 'The ' + f.paths.length +
                           ' hottest of ' + f.executed_paths + ' executed paths.'));
    const head = el('tr', {}, el('th', {}, 'Path'), el('th', {}, 'Count'),
                    el('th', {}, '% of function'));
    // Sampled metrics are estimates: each gets its interval and samples.
    const sampled = f.paths.some((p) => p.estimates &&
                                        Object.values(p.estimates).some((e) => !e.exact));
    for (const m of metrics) {
      head.append(el('th', {}, m.name));
      if (m.merge === 'sum') head.append(el('th', {}, m.name + ' / exec'));
      if (sampled)
        head.append(el('th', {}, m.name + ' 95% interval'), el('th', {}, m.name + ' samples'));
    }
    const body = el('tbody');
    const rows = new Map();
    const select = (p) => {
      path = p;
      for (const [id, row] of rows) row.classList.toggle('selected', id === p.id);
      history.replaceState(null, '', '#function=' + index + '&path=' + p.id);
      renderSource(f, p, sourcePane);
    };
    for (const p of f.paths) {
      const row = el('tr', { class: 'path-row', 'data-path-id': p.id, onclick: () => select(p) },
                     el('td', {}, p.id), el('td', {}, integer(p.count)),
                     el('td', {}, percent(p.count, f.total_count)));
      for (const m of metrics) {
        const v = pathValue(p, m.name);
        const e = (p.estimates || {})[m.name];
        const unmeasured = e && e.estimate === null;
        row.append(el('td', {}, unmeasured ? 'not measured' : integer(v)));
        if (m.merge === 'sum') row.append(el('td', {}, unmeasured ? '' : rate(v, p.count)));
        if (sampled)
          row.append(el('td', { class: 'interval' }, e ? interval(e) : ''),
                     el('td', { class: 'samples' }, e ? integer(e.samples) : ''));
      }
      rows.set(p.id, row);
      body.append(row);
    }
    pathsPane.append(el('table', { class: 'data', id: 'path-table' },
                        el('thead', {}, head), body));
    if (path) select(path);
    else {
      pathsPane.append(el('p', { class: 'note' }, 'The function never ran.'));
      renderSource(f, null, sourcePane);
    }
  }

  // --- Calling context tree ------------------------------------------------

  // The tree as frames: {name, fn, checksum, value(metric), children, parent}.
  let flameRoot = null;
  const flame = { metric: null, zoom: null, search: '', selected: null };
  if (data.initial_metric !== null && summed.some((m) => m.name === data.initial_metric))
    flame.metric = data.initial_metric;

  function buildFrames() {
    let next = 0;
    const make = (n, parent) => {
      const frame = { id: next++, name: n.function, stored: n.name,
                      checksum: n.checksum, node: n, parent, children: [] };
      frame.children = n.children.map((c) => make(c, frame));
      return frame;
    };
    const root = { id: next++, name: 'all', node: null, parent: null, children: [] };
    root.children = profile.context.roots.map((r) => make(r, root));
    return root;
  }

  function frameValue(frame, metric) {
    if (!frame.node)
      return frame.children.reduce((s, c) => s + frameValue(c, metric), 0);
    if (metric === null) return frame.node.inclusive_count;
    return ((frame.node.metrics || {})[metric] || {}).inclusive || 0;
  }

  const frameHeight = 18;

  function frameColor(name) {
    let h = 0;
    for (let i = 0; i < name.length; ++i) h = (h * 31 + name.charCodeAt(i)) >>> 0;
    return 'hsl(' + (10 + (h % 40)) + ',' + (70 + (h >> 8) % 20) + '%,' +
           (58 + (h >> 16) % 12) + '%)';
  }

  function matches(frame) {
    return flame.search !== '' && frame.node !== null &&
           frame.name.toLowerCase().includes(flame.search.toLowerCase());
  }

  function drawFlame() {
    const box = document.getElementById('flame');
    const width = Math.max(600, box.clientWidth || 0);
    const metric = flame.metric;
    const zoom = flame.zoom || flameRoot;
    const chain = [];
    for (let f = zoom; f; f = f.parent) chain.unshift(f);
    const zoomValue = frameValue(zoom, metric);
    const frames = [];
    chain.forEach((f, depth) => frames.push({ f, x: 0, w: width, depth, ancestor: f !== zoom }));
    const layout = (f, x, depth) => {
      const scale = zoomValue ? width / zoomValue : 0;
      const kids = f.children.map((c) => [c, frameValue(c, metric)])
                             .filter(([, v]) => v > 0)
                             .sort((a, b) => b[1] - a[1] || a[0].id - b[0].id);
      for (const [c, v] of kids) {
        const w = v * scale;
        if (w >= 0.5) {
          frames.push({ f: c, x, w, depth, ancestor: false });
          layout(c, x, depth + 1);
        }
        x += w;
      }
    };
    layout(zoom, 0, chain.length);
    const depth = frames.reduce((d, fr) => Math.max(d, fr.depth), 0) + 1;
    const root = svg('svg', { width, height: depth * frameHeight, id: 'flame-svg',
                              'data-metric': metric === null ? 'count' : metric });
    const total = frameValue(flameRoot, metric);
    for (const fr of frames) {
      const value = frameValue(fr.f, metric);
      const cls = 'frame' + (fr.ancestor ? ' ancestor' : '') + (matches(fr.f) ? ' match' : '') +
                  (fr.f === zoom ? ' zoomed' : '');
      const g = svg('g', { class: cls, 'data-frame': fr.f.id, 'data-name': fr.f.name,
                           'data-value': value, transform: 'translate(' + fr.x + ',' + fr.depth * frameHeight + ')' });
      g.append(svg('rect', { width: fr.w, height: frameHeight - 1, fill: frameColor(fr.f.name) }));
      const label = fr.f.name;
      const fits = Math.floor((fr.w - 6) / 7);
      if (fits >= 3) {
        const t = svg('text', { x: 3, y: frameHeight - 5 });
        t.textContent = label.length <= fits ? label : label.slice(0, fits - 1) + '\u2026';
        g.append(t);
      }
      const title = svg('title', {});
      title.textContent = label + ': ' + integer(value) + ' ' + (metric || 'path executions') +
                          ' (' + percent(value, total) + ')';
      g.append(title);
      g.addEventListener('click', () => {
        flame.zoom = fr.f === flameRoot ? null : fr.f;
        flame.selected = fr.f;
        drawFlame();
      });
      g.addEventListener('mouseenter', () => {
        document.getElementById('flame-detail').textContent = title.textContent;
      });
      root.append(g);
    }
    box.replaceChildren(root);
    drawFlameStatus(total);
  }

  function drawFlameStatus(total) {
    const status = document.getElementById('flame-status');
    status.replaceChildren();
    if (flame.search !== '') {
      // Matching frames, and their value without counting a match inside
      // another twice.
      let count = 0, value = 0;
      const walk = (f, inside) => {
        const m = matches(f);
        if (m) ++count;
        if (m && !inside) value += frameValue(f, flame.metric);
        for (const c of f.children) walk(c, inside || m);
      };
      walk(flameRoot, false);
      status.append(el('span', { id: 'flame-matches' }, count + (count === 1 ? ' frame matches' : ' frames match') +
                       ', ' + percent(value, total) + ' of ' + (flame.metric || 'path executions')), '  ');
    }
    const s = flame.selected;
    if (s && s.node) {
      const link = functionLink(s.stored, s.checksum, 'paths of ' + s.name);
      status.append(s.name + ': ' + s.node.entry_count + ' entries \u00b7 ', link);
    }
  }

  function renderContexts() {
    const view = document.getElementById('view-contexts');
    if (view.dataset.built) { drawFlame(); return; }
    view.dataset.built = '1';
    if (!profile.context) {
      view.append(el('p', { class: 'note' }, 'The profile has no calling context tree ' +
                        '(build with -fprofile-path-context).'));
      return;
    }
    flameRoot = buildFrames();
    view.append(el('h2', {}, 'Calling context tree'));
    view.append(el('p', { class: 'note' },
                   'Each frame is a calling context, as wide as the path executions (or the metric) ' +
                   'of it and everything it calls; its callers are above it. Click a frame to zoom ' +
                   'into it, a caller above to zoom out.'));
    const choice = el('select', { id: 'flame-metric' },
                      el('option', { value: '' }, 'path executions'));
    for (const m of summed) choice.append(el('option', { value: m.name }, m.name));
    choice.value = flame.metric === null ? '' : flame.metric;
    choice.addEventListener('change', () => {
      flame.metric = choice.value === '' ? null : choice.value;
      drawFlame();
    });
    const search = el('input', { type: 'search', id: 'flame-search', placeholder: 'Search functions' });
    search.addEventListener('input', () => { flame.search = search.value.trim(); drawFlame(); });
    const reset = el('button', { id: 'flame-reset', type: 'button' }, 'Reset zoom');
    reset.addEventListener('click', () => { flame.zoom = null; drawFlame(); });
    view.append(el('div', { class: 'controls' }, el('label', {}, 'Width: ', choice), search, reset));
    view.append(el('div', { id: 'flame-status' }));
    view.append(el('div', { id: 'flame' }));
    view.append(el('div', { id: 'flame-detail' }));
    drawFlame();
  }

  window.addEventListener('resize', () => {
    if (flameRoot && document.getElementById('view-contexts').classList.contains('active'))
      drawFlame();
  });

  // --- Metric concentration ------------------------------------------------

  const rowNames = [['hot', 'hot'], ['hot_dense', 'hot dense'], ['hot_sparse', 'hot sparse'],
                    ['cold', 'cold'], ['all', 'all']];
  const share = (s) => (100 * s).toFixed(2) + '%';

  function table(headers, rows, id) {
    const head = el('tr');
    headers.forEach((h, i) => head.append(el('th', { class: i === 0 ? 'left' : null }, h)));
    const body = el('tbody');
    for (const r of rows) {
      const tr = el('tr');
      r.forEach((c, i) => tr.append(el('td', { class: i === 0 ? 'left' : null }, c)));
      body.append(tr);
    }
    return el('table', { class: 'data', id }, el('thead', {}, head), body);
  }

  function renderMetrics() {
    const view = document.getElementById('view-metrics');
    if (view.dataset.built) return;
    view.dataset.built = '1';
    if (!data.concentration.length) {
      view.append(el('p', { class: 'note' }, 'The profile has no metric summed over executions.'));
      return;
    }
    view.append(el('p', { class: 'note' },
                   'Where each metric concentrates (Ammons, Ball and Larus, PLDI 1997): a path or ' +
                   'function is hot with at least ' + data.hot_percent + '% of the metric, dense ' +
                   'when its metric per execution is above the program\u2019s average, sparse otherwise.'));
    for (const c of data.concentration) {
      const name = c.metric.name;
      const section = el('section', { class: 'concentration', 'data-metric': name });
      section.append(el('h2', {}, name + ' (' + c.metric.unit + ', ' + c.metric.merge + ')'));
      section.append(el('p', { class: 'facts' }, 'total ', el('b', {}, integer(c.total)),
                        ' \u00b7 path executions ', el('b', {}, integer(c.executions)),
                        ' \u00b7 average ', el('b', {}, c.average_rate.toFixed(2)),
                        ' ' + name + ' per execution'));
      section.append(el('h3', {}, 'Paths'));
      section.append(table(['Class', 'Paths', 'Executions', '% executions', name, '% ' + name],
        rowNames.map(([k, label]) => {
          const r = c.paths[k];
          return [label, integer(r.paths), integer(r.executions), share(r.execution_share),
                  integer(r.metric), share(r.metric_share)];
        }), 'paths-' + name));
      section.append(el('h3', {}, 'Procedures'));
      section.append(table(['Class', 'Functions', name, '% ' + name, 'Paths per function'],
        rowNames.map(([k, label]) => {
          const r = c.procedures[k];
          return [label, integer(r.functions), integer(r.metric), share(r.metric_share),
                  r.paths_per_function === null ? 'n/a' : r.paths_per_function.toFixed(2)];
        }), 'procedures-' + name));
      section.append(el('h3', {}, 'Hot paths'));
      if (!c.hot_paths.length) section.append(el('p', { class: 'note' }, 'none'));
      else {
        // Sampled metrics rank by estimates, each with its interval and
        // samples; a path measured too few times to rank is marked.
        const sampled = c.hot_paths.some((h) => h.estimate);
        const headers = ['Function', 'Path', 'Count', name, '% ' + name,
                         name + ' per execution', 'Class'];
        if (sampled) headers.push('95% interval', 'Samples');
        section.append(table(headers,
          c.hot_paths.map((h) => {
            const row = [functionLink(h.name, h.checksum, h.demangled_name, h.id),
                         h.id, integer(h.count), integer(h.metric), share(h.metric_share),
                         h.rate.toFixed(2), h.dense ? 'dense' : 'sparse'];
            if (sampled)
              row.push(interval(h.estimate),
                       integer(h.estimate.samples) + (h.too_few_samples ? '*' : ''));
            return row;
          }),
          'hot-paths-' + name));
        if (c.hot_paths.some((h) => h.too_few_samples))
          section.append(el('p', { class: 'note' },
                            '* fewer than 10 measured executions: too few to rank the path'));
      }
      view.append(section);
    }
  }

  // --- Routing ------------------------------------------------------------

  function route() {
    const h = parseHash();
    let view = 'functions';
    if ('function' in h) view = 'function';
    else if ('contexts' in h) view = 'contexts';
    else if ('metrics' in h) view = 'metrics';
    for (const v of ['functions', 'function', 'contexts', 'metrics'])
      document.getElementById('view-' + v).classList.toggle('active', v === view);
    for (const t of ['functions', 'contexts', 'metrics'])
      document.getElementById('tab-' + t).classList.toggle(
          'active', t === view || (t === 'functions' && view === 'function'));
    if (view === 'functions') renderFunctions();
    else if (view === 'function') renderFunction(Number(h.function), h.path);
    else if (view === 'contexts') renderContexts();
    else renderMetrics();
  }

  window.addEventListener('hashchange', route);
  route();
})();
