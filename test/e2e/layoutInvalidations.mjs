// Which elements of a page the browser had to lay out again over a span of time, from a Chromium trace (CDP
// Tracing with the invalidation-tracking category): a count that a busy machine does not change, unlike a frame
// time. A browser case asserts on it that playing moves the timeline's cursor without laying out its drawing.
import { acquireTracing } from './tracingLock.mjs';

/**
 * Starts tracing `page`; `stop(where)` ends the trace and returns `seen`: for every element of this page whose
 * layout was invalidated meanwhile (a text node counts as its parent) and that is still in the document, what
 * `where` says of it, once per invalidation; and `layouts`, the number of layouts the page ran meanwhile. `where`
 * runs here, in Node, on a view of the element in the document as it is when the trace ends: `tag` (its tag name as
 * the page's `tagName` gives it), `attr(name)`, and `closest(test)`, the element itself or its nearest ancestor that
 * `test` holds for. The document is read in one protocol call: asking the page about each element in turn (two
 * calls each, some 1,400 elements) was most of the case's time.
 */
export async function layoutInvalidations(page) {
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const release = await acquireTracing(page);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.invalidationTracking'],
    },
  });
  return {
    async stop(where) {
      const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
      await cdp.send('Tracing.end');
      await complete.finally(release);
      // The trace is the whole browser's: only this page's frame counts (other cases' pages run beside it).
      const frameOf = (e) => e.args?.data?.frame ?? e.args?.beginData?.frame;
      const ours = events.filter((e) => frameOf(e) === frameTree.frame.id);
      const layouts = ours.filter((e) => e.name === 'Layout').length;
      const elements = await documentElements(cdp);
      await cdp.detach();
      const seen = [];
      // A node is often invalidated many times (about 4,000 invalidations of 1,700 nodes in a second at 8×): each
      // is asked once, and its answer kept for its other invalidations.
      const answers = new Map();
      for (const e of ours.filter((e) => e.name === 'LayoutInvalidationTracking')) {
        const { nodeId } = e.args.data;
        if (!answers.has(nodeId)) {
          // Gone since (a text node replaced by a new one): its parent, which is still there, is counted too.
          const el = elements.get(nodeId);
          answers.set(nodeId, el ? { where: where(el) } : undefined);
        }
        const answer = answers.get(nodeId);
        if (answer)
          seen.push({ where: answer.where, reason: e.args.data.reason, node: e.args.data.nodeName });
      }
      return { seen, layouts };
    },
  };
}

/**
 * The page's document as it is now, read in one protocol call: by backend node id (the trace's `nodeId`), the
 * element view `where` is given, a text node's being its parent element's.
 */
async function documentElements(cdp) {
  // Pierced, so the shadow roots are read too (a range input's thumb, a video's controls): each is a tree of its
  // own, as `closest` in the page does not leave a shadow root.
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  const byId = new Map();
  const visit = (node, parent) => {
    const attributes = new Map();
    for (let i = 0; i + 1 < (node.attributes?.length ?? 0); i += 2)
      attributes.set(node.attributes[i], node.attributes[i + 1]);
    let view = parent;
    if (node.nodeType === 1) {
      view = { tag: node.nodeName, attr: (name) => attributes.get(name) ?? null, parent };
      view.closest = (test) => {
        for (let el = view; el; el = el.parent) if (test(el)) return el;
        return null;
      };
    }
    if (view) byId.set(node.backendNodeId, view);
    for (const child of node.children ?? []) visit(child, view);
    for (const shadow of node.shadowRoots ?? []) visit(shadow, null);
  };
  visit(root, null);
  return byId;
}
