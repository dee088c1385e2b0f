// Which elements of a page the browser had to lay out again over a span of time, from a Chromium trace (CDP
// Tracing with the invalidation-tracking category): a count that a busy machine does not change, unlike a frame
// time. A browser case asserts on it that playing moves the timeline's cursor without laying out its drawing.
import { acquireTracing } from './tracingLock.mjs';

/**
 * Starts tracing `page`; `stop(where)` ends the trace and returns `seen`: for every element of this page whose
 * layout was invalidated meanwhile (a text node counts as its parent) and that is still in the document, what
 * `where` (a function run in the page with the element as its argument) says of it, once per invalidation; and
 * `layouts`, the number of layouts the page ran meanwhile.
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
      const seen = [];
      // A node is often invalidated many times (about 4,000 invalidations of 1,700 nodes in a second at 8×): each
      // is resolved and asked once, two protocol calls, and its answer kept for its other invalidations.
      const answers = new Map();
      const answerFor = async (nodeId) => {
        const resolved = await cdp.send('DOM.resolveNode', { backendNodeId: nodeId }).catch(() => undefined);
        // Gone since (a text node replaced by a new one): its parent, which is still there, is counted too.
        if (!resolved?.object?.objectId) return undefined;
        const { result } = await cdp.send('Runtime.callFunctionOn', {
          objectId: resolved.object.objectId,
          functionDeclaration: `function () { const el = this.nodeType === 1 ? this : this.parentElement; return el ? (${where})(el) : null; }`,
          returnByValue: true,
        });
        return { where: result.value };
      };
      for (const e of ours.filter((e) => e.name === 'LayoutInvalidationTracking')) {
        const { nodeId } = e.args.data;
        if (!answers.has(nodeId)) answers.set(nodeId, await answerFor(nodeId));
        const answer = answers.get(nodeId);
        if (answer)
          seen.push({ where: answer.where, reason: e.args.data.reason, node: e.args.data.nodeName });
      }
      await cdp.detach();
      return { seen, layouts };
    },
  };
}
