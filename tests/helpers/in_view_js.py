"""The JavaScript :mod:`tests.helpers.table_in_view` runs in the page (kept apart: both short).

Only this DOM is relied on: ``.cfw`` (the widget), ``.cfw-board``, ``.cfw-svg`` with a
``viewBox``, ``.cfw-tiles > g.cfw-tile[data-tile]``, ``.cfw-htile`` (``.is-playable``),
buttons by their accessible names, and ``[role=status]`` (``.cfw-status`` first).
"""

from __future__ import annotations

__all__ = [
    "ACT_JS",
    "ENTER_FULL_JS",
    "LOOK_JS",
    "MEASURE_JS",
    "PANEL_FN",
    "STATE_JS",
    "TARGETS_JS",
]

# Start counting the widget's changes (called just before the person's click).
ACT_JS = """() => {
    const root = document.querySelector(".cfw");
    if (!window.__tiv || window.__tiv.root !== root) {
        const seen = {root, changes: 0, last: performance.now()};
        window.__tiv = seen;
        new MutationObserver(() => {
            seen.changes += 1;
            seen.last = performance.now();
        }).observe(root, {
            subtree: true, childList: true, characterData: true,
            attributes: true, attributeFilter: ["transform", "viewBox", "hidden", "disabled"],
        });
    }
    window.__tiv.changes = 0;
}"""

# What the person can do now, whether the round is over, and a fingerprint of what is shown.
STATE_JS = """() => {
    const root = document.querySelector(".cfw");
    const shown = (e) => !!e && !e.hidden && e.getClientRects().length > 0;
    const button = (name) => [...root.querySelectorAll("button")].find((b) =>
        (b.getAttribute("aria-label") || b.textContent || "").trim() === name
        && !b.disabled && shown(b));
    const playable = [...root.querySelectorAll(".cfw-htile.is-playable")]
        .filter(shown).map((b) => b.dataset.tile);
    const hand = [...root.querySelectorAll(".cfw-htile")].map((b) => b.dataset.tile);
    const tiles = root.querySelectorAll(".cfw-tiles > g.cfw-tile[data-tile]").length;
    const draw = !!button("Draw");
    const pass = !!button("Pass");
    const over = !!(button("Next round") || button("New game"));
    const status = [...root.querySelectorAll('[role="status"]')].map((e) => e.textContent);
    const t = window.__tiv || {changes: 1, last: 0};
    return {
        playable, draw, pass, over,
        can_act: playable.length > 0 || draw || pass,
        print: JSON.stringify([tiles, hand, draw, pass, over, status]),
        changes: t.changes,
        quiet_ms: performance.now() - t.last,
    };
}"""

# Full screen without a button of the widget's own: the next key pressed in the widget asks
# for it (a key press is the user gesture the Fullscreen API needs).
ENTER_FULL_JS = """() => {
    const root = document.querySelector(".cfw");
    root.addEventListener("keydown", () => {
        setTimeout(() => { if (!document.fullscreenElement) root.requestFullscreen(); }, 50);
    }, {once: true, capture: true});
}"""

# The visible notebook panel round the widget ``root``: the scroll node (JupyterLab's
# .jp-WindowedPanel-outer, or the nearest ancestor that scrolls), or the full-screen element, or
# else the window; its box inside the window, its height, and the node (null for the window).
PANEL_FN = """function panelOf(root) {
    const meet = (a, b) => [Math.max(a[0], b[0]), Math.max(a[1], b[1]),
                            Math.min(a[2], b[2]), Math.min(a[3], b[3])];
    const full = document.fullscreenElement;
    const named = ".jp-WindowedPanel-outer, .jp-Notebook, .jp-NotebookPanel-notebook";
    let node = null;
    for (let p = root.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        const oy = getComputedStyle(p).overflowY;
        const scrolls = (oy === "auto" || oy === "scroll")
            && (p.scrollHeight > p.clientHeight + 1 || p.matches(named));
        if (p === full || scrolls) { node = p; break; }
    }
    if (full === root) node = root;
    let box = [0, 0, innerWidth, innerHeight];
    let px = innerHeight;
    if (node) {
        const r = node.getBoundingClientRect();
        const x = r.left + node.clientLeft;
        const y = r.top + node.clientTop;
        box = meet(box, [x, y, x + node.clientWidth, y + node.clientHeight]);
        px = Math.min(node.clientHeight, innerHeight);
    }
    return {box, px, node};
}"""

# The scroll (px, down is positive) that brings the widget wholly into the visible panel, or
# its top to the panel's top when it is taller; and a point over the panel, beside the widget,
# for the mouse wheel.
LOOK_JS = (
    "() => {"
    + PANEL_FN
    + """
    const root = document.querySelector(".cfw");
    const {box, node} = panelOf(root);
    const r = root.getBoundingClientRect();
    let delta = 0;
    if (r.top < box[1] || r.height > box[3] - box[1]) delta = r.top - box[1];
    else if (r.bottom > box[3]) delta = r.bottom - box[3];
    const x = Math.max(box[0] + 4, Math.min(r.left - 20, box[2] - 4));
    return {delta, x, y: (box[1] + box[3]) / 2, top: node ? node.scrollTop : scrollY};
}"""
)

# The chosen tile's targets: how many there are, and how many are wholly in sight (inside the
# visible panel and not cut off by a strip or board of the widget that clips or scrolls).
TARGETS_JS = (
    "() => {"
    + PANEL_FN
    + """
    const root = document.querySelector(".cfw");
    const meet = (a, b) => [Math.max(a[0], b[0]), Math.max(a[1], b[1]),
                            Math.min(a[2], b[2]), Math.min(a[3], b[3])];
    const {box} = panelOf(root);
    const clip = (e) => {
        let b = box;
        for (let p = e.parentElement; p && p !== root.parentElement; p = p.parentElement) {
            const st = getComputedStyle(p);
            if (st.overflowX === "visible" && st.overflowY === "visible") continue;
            const r = p.getBoundingClientRect();
            if (!p.clientWidth && !p.clientHeight) continue;  // an SVG group: no box of its own
            const x = r.left + p.clientLeft;
            const y = r.top + p.clientTop;
            b = meet(b, [x, y, x + p.clientWidth, y + p.clientHeight]);
        }
        return b;
    };
    const targets = [...root.querySelectorAll(".cfw-target[data-onto]")]
        .filter((t) => t.getClientRects().length > 0);
    const seen = targets.filter((t) => {
        const r = t.getBoundingClientRect();
        const c = clip(t);
        return r.left >= c[0] - 1 && r.top >= c[1] - 1
            && r.right <= c[2] + 1 && r.bottom <= c[3] + 1;
    }).length;
    return {count: targets.length, seen};
}"""
)

# Everything measured after an action, in CSS pixels (boxes are [left, top, right, bottom]).
MEASURE_JS = (
    "() => {"
    + PANEL_FN
    + """
    const root = document.querySelector(".cfw");
    const box = (e) => { const r = e.getBoundingClientRect();
                         return [r.left, r.top, r.right, r.bottom]; };
    const full = document.fullscreenElement;
    const {box: panel, px: panelPx} = panelOf(root);
    const board = root.querySelector(".cfw-board");
    const svg = board.querySelector(".cfw-svg") || board.querySelector("svg");
    const vb = svg.viewBox.baseVal;
    const sr = svg.getBoundingClientRect();
    // preserveAspectRatio "meet": the smaller of the two scales
    const scale = vb && vb.width ? Math.min(sr.width / vb.width, sr.height / vb.height) : 0;
    const inverse = svg.getScreenCTM().inverse();
    const tiles = [...root.querySelectorAll(".cfw-tiles > g.cfw-tile[data-tile]")].map((g) => {
        const screen = g.getScreenCTM();
        const m = inverse.multiply(screen);
        const face = g.querySelector("rect");
        const f = face ? [face.x.baseVal.value, face.y.baseVal.value,
                          face.width.baseVal.value, face.height.baseVal.value]
                       : [-100, -50, 200, 100];
        return {
            tile: g.dataset.tile,
            rect: box(g),
            m: [m.a, m.b, m.c, m.d, m.e, m.f],
            face: f,
            px: Math.min(f[2], f[3]) * Math.hypot(screen.a, screen.b),
        };
    });
    const status = root.querySelector(".cfw-status") || root.querySelector('[role="status"]');
    const shown = (e) => !!e && !e.hidden && e.getClientRects().length > 0;
    const name = (b) => (b.getAttribute("aria-label") || b.textContent || "").trim();
    const over = [...root.querySelectorAll("button")].some((b) => shown(b) && !b.disabled
        && ["Next round", "New game"].includes(name(b)));
    const r = root.getBoundingClientRect();
    return {
        board: box(board),
        panel,
        panel_px: panelPx,
        widget_px: full === root ? root.scrollHeight : r.height,
        viewbox_px: 100 * scale,
        tiles,
        status: status && status.getClientRects().length ? box(status) : null,
        over,
        full: !!full,
    };
}"""
)
