// perflab history site: fills the every-series page (series.LANG.html) from
// data/index.js and a series' page (trend.LANG.html#N) from data/nights.js and
// data/s/N.js. Plain DOM, no framework, no network: the folder opens as files.
// Every text goes in through textContent, never as HTML.
(function () {
  'use strict';
  var body = document.body;
  var T = JSON.parse(body.dataset.l10n || '{}');
  var lang = body.dataset.lang;
  var SVG = 'http://www.w3.org/2000/svg';

  function el(tag, attrs, text) {
    var e = tag.charAt(0) === '#' ? document.createElementNS(SVG, tag.slice(1))
      : document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function fill(msg, args) {
    return msg.replace(/\{(\w+)\}/g, function (m, k) { return k in args ? args[k] : m; });
  }
  // As the reports print numbers: two decimals; a percent always signed.
  function fixed(v) { return v === null || v === undefined ? '—' : v.toFixed(2).replace(/^-0\.00$/, '0.00'); }
  function pct(v) {
    if (v === null || v === undefined) return '—';
    var s = Math.abs(v).toFixed(2);
    return (v < 0 && s !== '0.00' ? '-' : '+') + s + '%';
  }
  function metricName(m) { return (T.metrics && T.metrics[m]) || m; }
  var TREND = { w: 'worse', b: 'better', c: 'changed' };

  // Charts are drawn when they come into view: a page of 10,000 rows draws a screenful.
  var observer = 'IntersectionObserver' in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (e.isIntersecting) { observer.unobserve(e.target); e.target.draw(); }
    });
  }, { rootMargin: '200px' }) : null;
  function lazy(node, draw) {
    node.draw = draw;
    if (observer) observer.observe(node); else draw();
  }

  function spark(values) {
    var svg = el('#svg', { 'class': 'spark', width: 120, height: 28, viewBox: '0 0 120 28', 'aria-hidden': 'true' });
    lazy(svg, function () {
      var n = values.length, pts = values.map(function (v, i) {
        return (2 + 116 * i / Math.max(n - 1, 1)).toFixed(1) + ',' + (25 - 22 * v / 100).toFixed(1);
      });
      svg.appendChild(el('#polyline', { points: pts.join(' ') }));
    });
    return svg;
  }

  // ---- every series -------------------------------------------------------------
  function seriesPage(idx) {
    var cols = idx.columns, metrics = idx.metrics, rows = idx.series;
    var form = document.getElementById('filters'), table = document.getElementById('all');
    var shown = document.getElementById('shown'), more = document.getElementById('more');
    var state = { filters: {}, sort: 'name', desc: false }, limit = 200, inputs = {};
    var colName = function (c) { return c.indexOf('label:') === 0 ? c.slice(6) : c; };

    // The view lives in the address: #model_id=Qwen&sort=output_throughput.vs&desc=1.
    function read() {
      var p = new URLSearchParams(location.hash.slice(1));
      state = { filters: {}, sort: p.get('sort') || 'name', desc: p.get('desc') === '1' };
      cols.forEach(function (c) { if (p.get(c)) state.filters[c] = p.get(c); });
    }
    function hash() {
      var p = new URLSearchParams();
      cols.forEach(function (c) { if (state.filters[c]) p.set(c, state.filters[c]); });
      if (state.sort !== 'name') p.set('sort', state.sort);
      if (state.desc) p.set('desc', '1');
      return p.toString();
    }
    function write() {
      var h = hash();
      history.replaceState(null, '', h ? '#' + h : location.pathname);
      render();
    }

    function buildForm() {
      var sortOptions = [['name', T['site-col-name']]];
      cols.forEach(function (c, ci) {
        var values = {};
        rows.forEach(function (r) { if (r.v[ci]) values[r.v[ci]] = 1; });
        var list = el('datalist', { id: 'list-' + ci });
        Object.keys(values).sort().slice(0, 500).forEach(function (v) { list.appendChild(el('option', { value: v })); });
        var input = el('input', { type: 'search', name: c, list: 'list-' + ci, placeholder: T['site-filter-hint'] });
        input.addEventListener('input', function () { state.filters[c] = input.value; limit = 200; write(); });
        inputs[c] = input;
        var label = el('label', {}, colName(c));
        label.appendChild(input);
        form.appendChild(label);
        form.appendChild(list);
        sortOptions.push([c, colName(c)]);
      });
      metrics.forEach(function (m) {
        sortOptions.push([m + '.latest', metricName(m) + ': ' + T['site-latest']]);
        sortOptions.push([m + '.vs', metricName(m) + ': ' + T['site-vs-median']]);
        sortOptions.push([m + '.step', metricName(m) + ': ' + T['site-last-change']]);
      });
      var sort = el('select', { name: 'sort' });
      sortOptions.forEach(function (o) { sort.appendChild(el('option', { value: o[0] }, o[1])); });
      sort.addEventListener('change', function () { state.sort = sort.value; write(); });
      var desc = el('input', { type: 'checkbox', name: 'desc' });
      desc.addEventListener('change', function () { state.desc = desc.checked; write(); });
      var clear = el('button', { type: 'button' }, T['site-clear']);
      clear.addEventListener('click', function () { state.filters = {}; write(); sync(); });
      var sortLabel = el('label', {}, T['site-sort']);
      sortLabel.appendChild(sort);
      var descLabel = el('label', { 'class': 'check' });
      descLabel.appendChild(desc);
      descLabel.appendChild(document.createTextNode(' ' + T['site-descending']));
      [sortLabel, descLabel, clear].forEach(function (n) { form.appendChild(n); });
      inputs.sort = sort; inputs.desc = desc;
      form.addEventListener('submit', function (e) { e.preventDefault(); });
    }
    function sync() {
      cols.forEach(function (c) { inputs[c].value = state.filters[c] || ''; });
      inputs.sort.value = state.sort;
      inputs.desc.checked = state.desc;
    }

    // A filter keeps the rows whose value contains it, ignoring case.
    function matches(r) {
      return cols.every(function (c, ci) {
        var f = (state.filters[c] || '').toLowerCase();
        return !f || (r.v[ci] || '').toLowerCase().indexOf(f) >= 0;
      });
    }
    function sortKey(r) {
      var s = state.sort, ci = cols.indexOf(s);
      if (s === 'name') return r.n;
      if (ci >= 0) return r.v[ci];
      var dot = s.lastIndexOf('.'), mi = metrics.indexOf(s.slice(0, dot)), cell = r.m[mi];
      if (!cell) return null;
      return { latest: cell[0], vs: cell[1], step: cell[4] }[s.slice(dot + 1)];
    }
    var collator = new Intl.Collator(lang, { numeric: true });
    function compare(a, b) {
      var x = sortKey(rows[a]), y = sortKey(rows[b]);
      // Rows without the value last, whichever the direction.
      if (x === null || x === undefined) return y === null || y === undefined ? a - b : 1;
      if (y === null || y === undefined) return -1;
      var c = typeof x === 'number' ? x - y : collator.compare(x, y);
      return (state.desc ? -c : c) || a - b;
    }

    function header() {
      var tr = el('tr');
      var th = function (text, key) {
        var cell = el('th', { scope: 'col' }, text);
        if (key) {
          cell.className = 'sortable' + (state.sort === key ? ' sorted' : '');
          cell.addEventListener('click', function () {
            state.desc = state.sort === key ? !state.desc : false;
            state.sort = key; sync(); write();
          });
        }
        tr.appendChild(cell);
      };
      th(T['site-col-name'], 'name');
      cols.forEach(function (c) { th(colName(c), c); });
      metrics.forEach(function (m) { th(metricName(m), m + '.vs'); });
      var thead = el('thead');
      thead.appendChild(tr);
      return thead;
    }
    function row(i) {
      var r = rows[i], tr = el('tr');
      var name = el('td', { 'class': 'name' });
      name.appendChild(el('a', { href: 'trend.' + lang + '.html#' + (i + 1) }, r.n || '—'));
      tr.appendChild(name);
      r.v.forEach(function (v) { tr.appendChild(el('td', {}, v)); });
      r.m.forEach(function (cell) {
        var td = el('td', { 'class': 'metric' });
        if (cell) {
          td.appendChild(el('span', { 'class': 'latest', title: T['site-latest'] }, fixed(cell[0])));
          td.appendChild(el('span', { 'class': 'vs', title: T['site-vs-median'] }, pct(cell[1])));
          td.appendChild(spark(cell[2]));
          var cp = cell.length > 3
            ? el('span', { 'class': 'cp ' + TREND[cell[6]], title: T['site-last-change'] },
              cell[3] + ' ' + pct(cell[4]) + (cell[5] ? ' (' + T['provisional'] + ')' : ''))
            : el('span', { 'class': 'cp none' }, T['site-no-change']);
          td.appendChild(cp);
        }
        tr.appendChild(td);
      });
      return tr;
    }
    function render() {
      var order = [];
      for (var i = 0; i < rows.length; i++) if (matches(rows[i])) order.push(i);
      order.sort(compare);
      table.textContent = '';
      table.appendChild(header());
      var tbody = el('tbody');
      order.slice(0, limit).forEach(function (i) { tbody.appendChild(row(i)); });
      table.appendChild(tbody);
      shown.textContent = fill(T['site-shown'], { shown: order.length, total: rows.length });
      more.hidden = order.length <= limit;
    }
    more.addEventListener('click', function () { limit += 200; render(); });
    window.addEventListener('hashchange', function () { read(); sync(); render(); });
    buildForm();
    read();
    sync();
    render();
  }

  // ---- one series -----------------------------------------------------------------
  function trendPage() {
    var box = document.getElementById('trend');
    var id = location.hash.slice(1);
    window.addEventListener('hashchange', function () { location.reload(); });
    function missing() { box.textContent = ''; box.appendChild(el('p', {}, fill(T['site-missing'], { id: id }))); }
    // Only a number names a data file: the address cannot load any other script.
    if (!/^[1-9][0-9]*$/.test(id)) { missing(); return; }
    var s = el('script', { src: 'data/s/' + id + '.js' });
    s.onload = function () { showSeries(box, window.PERFLAB_SERIES, window.PERFLAB_NIGHTS); };
    s.onerror = missing;
    document.head.appendChild(s);
  }

  function labelsText(l) { return Object.keys(l).map(function (k) { return k + '=' + l[k]; }).join(', '); }
  function table(head, rows) {
    var t = el('table'), tr = el('tr');
    head.forEach(function (h) { tr.appendChild(el('th', { scope: 'col' }, h)); });
    var thead = el('thead'); thead.appendChild(tr); t.appendChild(thead);
    var tbody = el('tbody');
    rows.forEach(function (r) {
      var row = el('tr');
      r.forEach(function (c) {
        if (c instanceof Node) { var td = el('td'); td.appendChild(c); row.appendChild(td); }
        else row.appendChild(el('td', {}, c));
      });
      tbody.appendChild(row);
    });
    t.appendChild(tbody);
    var wrap = el('div', { 'class': 'scroll' }); wrap.appendChild(t);
    return wrap;
  }

  function showSeries(box, d, nights) {
    document.getElementById('title').textContent = d.n || '—';
    document.title = (d.n || '—') + ' — ' + document.title;
    box.textContent = '';
    var key = d.key.filter(function (kv) { return kv[1] !== ''; })
      .map(function (kv) { return kv[0] + '=' + kv[1]; }).join(', ');
    box.appendChild(el('p', { 'class': 'key' }, T['site-key'] + ': ' + key));
    var night = function (run) { return nights.dates[run[0]]; };
    var labels = function (run) { return nights.labels[run[1]] || {}; };
    d.metrics.forEach(function (m, mi) {
      var section = el('section', { 'class': 'metric' });
      section.appendChild(el('h2', {}, metricName(m)));
      var l = d.latest[mi];
      if (l) section.appendChild(el('p', {}, fill(T['site-latest-line'], {
        value: fixed(l[0]), median: fixed(l[1]), p10: fixed(l[2]), p90: fixed(l[3]), runs: l[4] })));
      var chart = el('div', { 'class': 'chart' });
      section.appendChild(chart);
      lazy(chart, function () { drawTrend(chart, d, nights, mi, m); });
      var cps = d.cps.filter(function (c) { return c[0] === mi; });
      if (cps.length) {
        section.appendChild(el('h3', {}, T['site-changes']));
        section.appendChild(table(
          [T['col-date'], T['col-step'], T['col-before'], T['col-after'], T['col-p'], T['site-commits']],
          cps.map(function (c) {
            var bad = d.runs[c[2]], good = c[1] === null ? null : d.runs[c[1]];
            var mean = function (v, h) { return fixed(v) + (h === null ? '' : ' ± ' + fixed(h)); };
            var between = el('span', { 'class': 'between' });
            between.appendChild(el('span', {}, T['site-good'] + ': ' + (good ? night(good) + ' ' + labelsText(labels(good)) : '—')));
            between.appendChild(el('br'));
            between.appendChild(el('span', {}, T['site-bad'] + ': ' + night(bad) + ' ' + labelsText(labels(bad))));
            var step = el('b', { 'class': TREND[c[10]] }, pct(c[3]) + (c[8] ? ' (' + T['provisional'] + ')' : ''));
            return [night(bad), step, mean(c[4], c[5]), mean(c[6], c[7]), String(c[9]), between];
          })));
      }
      box.appendChild(section);
    });
    // The runs, newest first.
    var runs = el('details', { 'class': 'runs' });
    runs.appendChild(el('summary', {}, T['site-runs'] + ' (' + d.runs.length + ')'));
    var head = [T['col-date'], T['col-labels']].concat(d.metrics.map(metricName));
    runs.appendChild(table(head, d.runs.slice().reverse().map(function (r) {
      return [night(r), labelsText(labels(r))].concat(r.slice(2).map(fixed));
    })));
    box.appendChild(runs);
  }

  // The trend of one metric: its runs by date, the segments' means dashed, each change
  // point a vertical line with its commit (else date) and step.
  function drawTrend(box, d, nights, mi, m) {
    // As wide as its box, so that its 12 px text stays 12 px on a phone.
    var W = Math.max(300, box.clientWidth || 900), H = W < 600 ? 240 : 300, L = 60, R = 12, Tp = 28, B = 40;
    var pts = [];
    d.runs.forEach(function (r, ri) {
      var v = r[2 + mi], x = nights.days[r[0]];
      if (v !== null && x !== null) pts.push({ x: x, y: v, ri: ri });
    });
    if (!pts.length) return;
    var x0 = pts[0].x, x1 = Math.max(pts[pts.length - 1].x, x0 + 1);
    var ys = pts.map(function (p) { return p.y; });
    var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
    var pad = (y1 - y0) * 0.1 || Math.abs(y0) * 0.05 || 1;
    y0 -= pad; y1 += pad;
    var X = function (x) { return L + (W - L - R) * (x - x0) / (x1 - x0); };
    var Y = function (y) { return Tp + (H - Tp - B) * (1 - (y - y0) / (y1 - y0)); };
    var svg = el('#svg', { width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, 'class': 'trend', role: 'img',
      'aria-label': fill(T['site-chart'], { metric: metricName(m) }) });
    [y0 + pad, (y0 + y1) / 2, y1 - pad].forEach(function (v) {
      svg.appendChild(el('#line', { x1: L, x2: W - R, y1: Y(v), y2: Y(v), 'class': 'grid' }));
      svg.appendChild(el('#text', { x: L - 6, y: Y(v) + 4, 'text-anchor': 'end' }, fixed(v)));
    });
    [pts[0], pts[pts.length - 1]].forEach(function (p, i) {
      svg.appendChild(el('#text', { x: X(p.x), y: H - 14, 'text-anchor': i ? 'end' : 'start' }, nights.dates[d.runs[p.ri][0]]));
    });
    svg.appendChild(el('#polyline', { points: pts.map(function (p) { return X(p.x).toFixed(1) + ',' + Y(p.y).toFixed(1); }).join(' '), 'class': 'line' }));
    if (pts.length <= 120) pts.forEach(function (p) { svg.appendChild(el('#circle', { cx: X(p.x), cy: Y(p.y), r: 2.5, 'class': 'dot' })); });
    var cps = d.cps.filter(function (c) { return c[0] === mi; });
    var bounds = [pts[0]].concat(cps.map(function (c) {
      return pts.filter(function (p) { return p.ri === c[2]; })[0];
    }).filter(Boolean), [null]);
    cps.forEach(function (c, i) {
      var at = bounds[i + 1];
      if (!at) return;
      var prev = bounds[i], next = bounds[i + 2];
      var last = pts[pts.indexOf(at) - 1], end = next ? pts[pts.indexOf(next) - 1] : pts[pts.length - 1];
      if (prev && last) svg.appendChild(el('#line', { x1: X(prev.x), x2: X(last.x), y1: Y(c[4]), y2: Y(c[4]), 'class': 'mean' }));
      svg.appendChild(el('#line', { x1: X(at.x), x2: X(end.x), y1: Y(c[6]), y2: Y(c[6]), 'class': 'mean' }));
      svg.appendChild(el('#line', { x1: X(at.x), x2: X(at.x), y1: Tp - 6, y2: H - B, 'class': 'cp ' + TREND[c[10]] }));
      var lab = nights.labels[d.runs[c[2]][1]] || {};
      var name = lab.commit ? String(lab.commit).slice(0, 7) : nights.dates[d.runs[c[2]][0]];
      var right = X(at.x) > W / 2;
      svg.appendChild(el('#text', { x: X(at.x) + (right ? -4 : 4), y: Tp - 10, 'text-anchor': right ? 'end' : 'start', 'class': TREND[c[10]] }, name + ' ' + pct(c[3])));
    });
    box.appendChild(svg);
  }

  if (body.dataset.page === 'series' && window.PERFLAB_INDEX) seriesPage(window.PERFLAB_INDEX);
  if (body.dataset.page === 'trend') trendPage();
})();
