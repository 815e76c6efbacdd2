// The figures of an import graph (scripts/structure.mjs prints them): its circles, its floors and
// the arrows that run back up. Pure: nodes are names, arrows are [from, to] pairs.

/** The strongly connected components (Tarjan), each a sorted list of names; every node is in one. */
export function components(nodes, arrows) {
  const out = new Map(nodes.map((node) => [node, []]));
  for (const [from, to] of arrows) out.get(from).push(to);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  // Iterative: a long chain of imports must not overflow the call stack.
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work = [[root, 0]];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, at] = frame;
      const targets = out.get(node);
      if (at < targets.length) {
        frame[1]++;
        const target = targets[at];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]), low.get(node)));
      if (low.get(node) !== index.get(node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      found.push(component.sort());
    }
  }
  return found;
}

/**
 * The arrows that run back up inside the circles: a depth-first walk of each circle, its members
 * taken in name order, meets every loop at least once; the arrow that closes one (to a member
 * still on the walk's path) runs back up, the others run down. What a drawing that stacks a
 * circle's files on floors of their own shows as its upward arrows.
 */
export function upwardArrows(arrows, circles) {
  const circleOf = new Map();
  circles.forEach((members, i) => {
    for (const member of members) circleOf.set(member, i);
  });
  const inside = new Map();
  for (const [from, to] of arrows) {
    if (circleOf.get(from) === undefined || circleOf.get(from) !== circleOf.get(to)) continue;
    if (!inside.has(from)) inside.set(from, []);
    inside.get(from).push(to);
  }
  for (const targets of inside.values()) targets.sort();
  const upward = [];
  const state = new Map(); // 1: on the path, 2: done
  const visit = (node) => {
    state.set(node, 1);
    for (const target of inside.get(node) ?? []) {
      if (state.get(target) === 1) upward.push([node, target]);
      else if (!state.has(target)) visit(target);
    }
    state.set(node, 2);
  };
  for (const members of circles) for (const member of members) if (!state.has(member)) visit(member);
  return upward;
}

/**
 * The graph's figures: each circle (a component of more than one node) collapsed into one node,
 * a node stands one floor above the highest node it imports (floor 1 imports nothing inside).
 */
export function structureOf(nodes, arrows) {
  const all = components(nodes, arrows);
  const componentOf = new Map();
  all.forEach((members, i) => {
    for (const member of members) componentOf.set(member, i);
  });
  const below = all.map(() => new Set());
  for (const [from, to] of arrows) {
    const [a, b] = [componentOf.get(from), componentOf.get(to)];
    if (a !== b) below[a].add(b);
  }
  // Tarjan emits a component after every component it reaches: one pass in that order.
  const floorOfComponent = [];
  all.forEach((_, i) => {
    let floor = 1;
    for (const b of below[i]) floor = Math.max(floor, floorOfComponent[b] + 1);
    floorOfComponent[i] = floor;
  });
  const floors = new Map(nodes.map((node) => [node, floorOfComponent[componentOf.get(node)]]));
  const circles = all.filter((members) => members.length > 1);
  return {
    nodes: nodes.length,
    floors: Math.max(0, ...floors.values()),
    arrows: arrows.length,
    upward: upwardArrows(arrows, circles),
    circles,
    floorOf: Object.fromEntries(floors),
  };
}
