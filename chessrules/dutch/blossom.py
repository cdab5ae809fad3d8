"""Maximum-weight matching in general graphs (Edmonds' blossom algorithm, O(n^3)).

A compact array-based version of the classic primal-dual algorithm (Galil,
"Efficient algorithms for finding maximum matching in graphs", 1986) in the
form popularised by Joris van Rantwijk's public-domain ``mwmatching.py``.
Weights are Python integers of any size (the Dutch pairing uses weights of
hundreds of bits); all arithmetic is exact.  No maximum-cardinality option:
the pairing puts cardinality into the weights itself.
"""

from __future__ import annotations

from typing import cast


def max_weight_matching(
    nvertex: int, edges: list[tuple[int, int, int]], *, shortcuts: bool = True,
    duals: list[list[int]] | None = None, doubled: bool = False, consume: bool = False,
    columns: tuple[list[int], list[int], list[int]] | None = None,
) -> list[int]:
    """Return ``mate`` with ``mate[v]`` the partner of v, or -1 if v is unmatched.

    ``edges`` holds (i, j, weight) with 0 <= i, j < nvertex, i != j, integer weights.
    Two shortcuts (``shortcuts=False``: the plain algorithm, which the tests
    compare with) keep the result optimal and make the dense graphs of the Dutch
    pairing much cheaper: ``pair_tight_exposed`` (tight single edges between
    exposed vertices matched before a stage) and lazily scanned roots (exposed
    vertices are not scanned; their edges enter the dual update through
    weight-sorted edge lists).

    ``duals``, an empty list if given, receives the optimal dual solution that proves the
    result optimal: ``[dual, parent]``, with ``dual[v]`` twice the dual of vertex v (v <
    nvertex) or the dual of blossom v (v >= nvertex, 0 when unused) and ``parent[v]`` the
    blossom containing v (-1 at top level); see :func:`certifies`.

    ``doubled``: the weights given are twice the weights (even integers): used as they
    are, without a second integer per edge (a dense graph of big weights, issue 34).
    ``consume``: the caller has no further use for ``edges``, emptied once read (its tuples
    are freed before the algorithm's own tables are built).  ``columns``: the edges given
    instead as three lists (first ends, second ends, twice the weights), read, not changed;
    ``edges`` is then not read (a caller that keeps its edges as columns during the solve
    holds no tuple per edge).
    """
    if not (edges if columns is None else columns[0]):
        if duals is not None:
            duals[:] = [[0] * (2 * nvertex), [-1] * (2 * nvertex)]
        return [-1] * nvertex
    # Vertex numbers interned (one int object per vertex, not one per edge end above 256).
    ids = list(range(nvertex))
    if columns is None:
        edge_i = [ids[e[0]] for e in edges]
        edge_j = [ids[e[1]] for e in edges]
        edge_w2 = [e[2] for e in edges] if doubled else [2 * e[2] for e in edges]
        if consume:
            edges.clear()
    else:
        edge_i, edge_j, edge_w2 = columns
    nedge = len(edge_i)
    maxweight = max(0, max(edge_w2) >> 1)

    def endpoint(p: int) -> int:
        """The vertex at endpoint p (edge k has endpoints 2k and 2k+1): computed, not a
        list of two ints an edge (issue 34 memory)."""
        return edge_j[p >> 1] if p & 1 else edge_i[p >> 1]
    # Each vertex's edges (edge numbers: one int object per edge, shared by both ends and
    # every list below; a dense graph has a million endpoints, issue 34).  The neighbour
    # along edge k of v is ``edge_i[k] ^ edge_j[k] ^ v``, at endpoint 2k + 1 if v is edge_i[k].
    neighbend: list[list[int]] = [[] for _ in range(nvertex)]
    for k in range(nedge):
        neighbend[edge_i[k]].append(k)
        neighbend[edge_j[k]].append(k)

    # The scan's view of neighbend, flat: edge, neighbour, twice the weight, three slots an
    # endpoint (no tuple each), read back three at a time by zip over one iterator.
    adjacent = [[x for k in ends for x in (k, ids[edge_i[k] ^ edge_j[k] ^ v], edge_w2[k])]
                for v, ends in enumerate(neighbend)]
    # Each vertex's edges, heaviest first, for pair_tight_exposed and the lazy roots.
    # (neighbend's own lists, sorted in place: the scan's order is in ``adjacent`` already.)
    if shortcuts:
        for ends in neighbend:
            ends.sort(key=lambda k: edge_w2[k], reverse=True)
    by_weight = neighbend if shortcuts else []
    del neighbend
    mate = [-1] * nvertex  # remote endpoint of the matched edge, or -1
    label = [0] * (2 * nvertex)  # 0 free, 1 S, 2 T
    labelend = [-1] * (2 * nvertex)
    inblossom = list(range(nvertex))
    blossomparent = [-1] * (2 * nvertex)
    blossomchilds: list[list[int] | None] = [None] * (2 * nvertex)
    blossombase = list(range(nvertex)) + [-1] * nvertex
    blossomendps: list[list[int] | None] = [None] * (2 * nvertex)
    bestedge = [-1] * (2 * nvertex)
    bestslack = [0] * (2 * nvertex)  # slack of bestedge, kept up to date
    blossombestedges: list[list[int] | None] = [None] * (2 * nvertex)
    # The same lists typed for reads: the algorithm reads a blossom's entries only while
    # the blossom exists (set when it is made, cleared when it is expanded).
    childs_of = cast("list[list[int]]", blossomchilds)
    endps_of = cast("list[list[int]]", blossomendps)
    unusedblossoms = list(range(nvertex, 2 * nvertex))
    live: set[int] = set()  # non-trivial blossoms in use (nested or top-level)
    dualvar = [maxweight] * nvertex + [0] * nvertex
    allowedge = bytearray(nedge)  # one byte an edge, not a list slot
    queue: list[int] = []

    def slack(k: int) -> int:
        return dualvar[edge_i[k]] + dualvar[edge_j[k]] - edge_w2[k]

    def blossom_leaves(b: int) -> list[int]:
        if b < nvertex:
            return [b]
        leaves: list[int] = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < nvertex:
                leaves.append(t)
            else:
                stack.extend(reversed(childs_of[t]))
        return leaves

    def assign_label(w: int, t: int, p: int) -> None:
        b = inblossom[w]
        label[w] = label[b] = t
        labelend[w] = labelend[b] = p
        bestedge[w] = bestedge[b] = -1
        if t == 1:
            queue.extend(blossom_leaves(b))
        else:
            base = blossombase[b]
            assign_label(endpoint(mate[base]), 1, mate[base] ^ 1)

    def scan_blossom(v: int, w: int) -> int:
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint(labelend[b])
                b = inblossom[v]
                v = endpoint(labelend[b])
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, k: int) -> None:
        v, w = edge_i[k], edge_j[k]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        live.add(b)
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        blossomchilds[b] = path
        blossomendps[b] = endps
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint(labelend[bv])
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint(labelend[bw])
            bw = inblossom[w]
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for leaf in blossom_leaves(b):
            if label[inblossom[leaf]] == 2:
                queue.append(leaf)
            inblossom[leaf] = b
        bestedgeto = [-1] * (2 * nvertex)
        slackto = [0] * (2 * nvertex)
        for bv in path:
            bv_bestedges = blossombestedges[bv]
            if bv_bestedges is None:
                # Every edge of every leaf (the order of the edge list), slack inlined.
                for leaf in blossom_leaves(bv):
                    dual_leaf = dualvar[leaf]
                    it = iter(adjacent[leaf])
                    for kk, j, w2 in zip(it, it, it, strict=False):
                        bj = inblossom[j]
                        if bj != b and label[bj] == 1:
                            d = dual_leaf + dualvar[j] - w2
                            if bestedgeto[bj] == -1 or d < slackto[bj]:
                                bestedgeto[bj] = kk
                                slackto[bj] = d
            else:
                for kk in bv_bestedges:
                    i, j = edge_i[kk], edge_j[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if bj != b and label[bj] == 1:
                        d = dualvar[i] + dualvar[j] - edge_w2[kk]
                        if bestedgeto[bj] == -1 or d < slackto[bj]:
                            bestedgeto[bj] = kk
                            slackto[bj] = d
            blossombestedges[bv] = None
            bestedge[bv] = -1
        b_bestedges = [kk for kk in bestedgeto if kk != -1]
        blossombestedges[b] = b_bestedges
        bestedge[b] = -1
        for kk in b_bestedges:
            kk_slack = slack(kk)
            if bestedge[b] == -1 or kk_slack < bestslack[b]:
                bestedge[b] = kk
                bestslack[b] = kk_slack

    def expand_blossom(b: int, endstage: bool) -> None:
        for s in childs_of[b]:
            blossomparent[s] = -1
            if s < nvertex:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                expand_blossom(s, endstage)
            else:
                for leaf in blossom_leaves(s):
                    inblossom[leaf] = s
        if not endstage and label[b] == 2:
            entrychild = inblossom[endpoint(labelend[b] ^ 1)]
            childs = childs_of[b]
            endps = endps_of[b]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            p = labelend[b]
            while j != 0:
                label[endpoint(p ^ 1)] = 0
                label[endpoint(endps[j - endptrick] ^ endptrick ^ 1)] = 0
                assign_label(endpoint(p ^ 1), 2, p)
                allowedge[endps[j - endptrick] // 2] = True
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                allowedge[p // 2] = True
                j += jstep
            bv = childs[j]
            label[endpoint(p ^ 1)] = label[bv] = 2
            labelend[endpoint(p ^ 1)] = labelend[bv] = p
            bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if label[bv] == 1:
                    j += jstep
                    continue
                for v in blossom_leaves(bv):
                    if label[v] != 0:
                        break
                if label[v] != 0:
                    label[v] = 0
                    label[endpoint(mate[blossombase[bv]])] = 0
                    assign_label(v, 2, labelend[v])
                j += jstep
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)
        live.discard(b)

    def augment_blossom(b: int, v: int) -> None:
        t = v
        while blossomparent[t] != b:
            t = blossomparent[t]
        if t >= nvertex:
            augment_blossom(t, v)
        childs = childs_of[b]
        endps = endps_of[b]
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= nvertex:
                augment_blossom(t, endpoint(p))
            j += jstep
            t = childs[j]
            if t >= nvertex:
                augment_blossom(t, endpoint(p ^ 1))
            mate[endpoint(p)] = p ^ 1
            mate[endpoint(p ^ 1)] = p
        blossomchilds[b] = childs[i:] + childs[:i]
        blossomendps[b] = endps[i:] + endps[:i]
        blossombase[b] = blossombase[childs[i]]

    def augment_matching(k: int) -> None:
        for s, p in ((edge_i[k], 2 * k + 1), (edge_j[k], 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= nvertex:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint(labelend[bs])
                bt = inblossom[t]
                s = endpoint(labelend[bt])
                j = endpoint(labelend[bt] ^ 1)
                if bt >= nvertex:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    first = [0] * nvertex  # by_weight[v][:first[v]] lead to matched vertices

    def pair_tight_exposed() -> None:
        """Match exposed single vertices joined by a tight edge, before a stage.

        All exposed vertices have the same dual (they have been S-vertices in
        every dual update), so such an edge is an augmenting path of length one
        and matching it keeps every invariant; with many equal weights this
        saves one whole stage per pair.  Sorted edge lists make it cheap: an
        edge heavier than the exposed dual has a matched end (for ever).
        """
        for v in range(nvertex):
            if mate[v] != -1 or inblossom[v] != v:
                continue
            ends = by_weight[v]
            dual_v = dualvar[v]
            skip = True
            j = first[v]
            while j < len(ends):
                k = ends[j]
                w = edge_i[k] ^ edge_j[k] ^ v
                weight2 = edge_w2[k]
                if mate[w] != -1:
                    j += 1
                    if skip:
                        first[v] = j
                    continue
                if weight2 < dual_v + dualvar[w]:
                    break  # not tight, nor any lighter edge
                skip = False
                if (inblossom[w] == w and w != v
                        and dual_v + dualvar[w] - weight2 == 0):
                    p = 2 * k + 1 if edge_i[k] == v else 2 * k  # w's endpoint
                    mate[v] = p
                    mate[w] = p ^ 1
                    break
                j += 1

    # Lazily scanned exposed vertices (see the dual update): exposed single vertices
    # are S-roots that are not scanned when a stage starts.  Early on they are nearly
    # all the S-vertices, and scanning each of them in every stage is what makes the
    # plain algorithm O(n^3) on a dense graph.  All exposed vertices share one dual
    # (the smallest), so the least slack from any vertex to an exposed one is along
    # its heaviest edge to an unmatched vertex, found in its weight-sorted edge list
    # (matched ends are skipped for ever).  Free vertices give delta2 candidates,
    # exposed single vertices delta3 candidates; the event then queues the root,
    # which is scanned like any S-vertex.  Edges from lazy roots to other S-vertices
    # are seen from the scanned side, as in the plain algorithm where the
    # later-labelled end records them.

    for _ in range(nvertex):
        if shortcuts:
            pair_tight_exposed()
        label[:] = [0] * (2 * nvertex)
        bestedge[:] = [-1] * (2 * nvertex)
        for b in range(nvertex, 2 * nvertex):
            blossombestedges[b] = None
        allowedge[:] = bytes(nedge)
        queue[:] = []
        for v in range(nvertex):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                if shortcuts and inblossom[v] == v:
                    # A root scanned lazily (see the dual update): S, not queued.
                    label[v] = 1
                    labelend[v] = -1
                    bestedge[v] = -1
                else:
                    assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                dual_v = dualvar[v]
                b_v = inblossom[v]
                it = iter(adjacent[v])
                for k, w, w2 in zip(it, it, it, strict=False):
                    b_w = inblossom[w]
                    if b_v == b_w:
                        continue
                    if not allowedge[k]:
                        kslack = dual_v + dualvar[w] - w2
                        if kslack > 0:  # not tight (most edges): best edges only
                            if label[b_w] == 1:
                                if bestedge[b_v] == -1 or kslack < bestslack[b_v]:
                                    bestedge[b_v] = k
                                    bestslack[b_v] = kslack
                            elif label[w] == 0:
                                if bestedge[w] == -1 or kslack < bestslack[w]:
                                    bestedge[w] = k
                                    bestslack[w] = kslack
                            continue
                        allowedge[k] = True
                    # A tight edge.
                    if label[b_w] == 0:
                        assign_label(w, 2, 2 * k if edge_i[k] == v else 2 * k + 1)
                    elif label[b_w] == 1:
                        base = scan_blossom(v, w)
                        if base >= 0:
                            add_blossom(base, k)
                            b_v = inblossom[v]
                        else:
                            augment_matching(k)
                            augmented = True
                            break
                    elif label[w] == 0:
                        label[w] = 2
                        labelend[w] = 2 * k if edge_i[k] == v else 2 * k + 1
            if augmented:
                break
            # No augmenting path: dual update.  One pass over the vertices finds
            # the candidates of each kind (the first least one of each, in vertex
            # order); they are then compared in the order delta1, delta2, lazy
            # delta2/3, delta3, delta4, as separate loops would.
            deltatype = 1
            delta = exposed_dual = min(dualvar[:nvertex])
            deltaedge = deltablossom = -1
            d2 = d2_lazy = d3_lazy = d3 = None
            e2 = e2_lazy = e3_lazy = e3 = -1
            for v in range(nvertex):
                b_v = inblossom[v]
                lab = label[b_v]
                k = bestedge[v]
                if k != -1:
                    # bestslack[v] is the slack of bestedge[v]: the dual updates keep
                    # it (a T-vertex's edge to an S-vertex keeps its slack).
                    if lab == 0:
                        d = bestslack[v]
                        if d2 is None or d < d2:
                            d2, e2 = d, k
                    elif lab == 1 and b_v == v:
                        d = bestslack[v] // 2
                        if d3 is None or d < d3:
                            d3, e3 = d, k
                if shortcuts:
                    ends = by_weight[v]
                    j = first[v]
                    while j < len(ends) and mate[edge_i[ends[j]] ^ edge_j[ends[j]] ^ v] != -1:
                        j += 1
                    first[v] = j
                    if j < len(ends):
                        k = ends[j]
                        if lab == 0:
                            d = dualvar[v] + exposed_dual - edge_w2[k]
                            if d2_lazy is None or d < d2_lazy:
                                d2_lazy, e2_lazy = d, k
                        elif mate[v] == -1 and b_v == v:
                            d = exposed_dual - (edge_w2[k] >> 1)
                            if d3_lazy is None or d < d3_lazy:
                                d3_lazy, e3_lazy = d, k
            top_blossoms = [b for b in sorted(live) if blossomparent[b] == -1]
            for b in top_blossoms:
                if label[b] == 1 and bestedge[b] != -1:
                    d = bestslack[b] // 2
                    if d3 is None or d < d3:
                        d3, e3 = d, bestedge[b]
            for cand, kind, k in ((d2, 2, e2), (d2_lazy, 2, e2_lazy), (d3_lazy, 3, e3_lazy),
                                  (d3, 3, e3)):
                if cand is not None and cand < delta:
                    delta, deltatype, deltaedge = cand, kind, k
            for b in top_blossoms:
                if label[b] == 2 and dualvar[b] < delta:
                    delta = dualvar[b]
                    deltatype = 4
                    deltablossom = b
            twice = 2 * delta
            for v in range(nvertex):
                b_v = inblossom[v]
                lab = label[b_v]
                if lab == 1:
                    dualvar[v] -= delta
                    if b_v == v and bestedge[v] != -1:
                        bestslack[v] -= twice
                elif lab == 2:
                    dualvar[v] += delta
                elif bestedge[v] != -1:
                    bestslack[v] -= delta
            for b in top_blossoms:
                if label[b] == 1:
                    dualvar[b] += delta
                    if bestedge[b] != -1:
                        bestslack[b] -= twice
                elif label[b] == 2:
                    dualvar[b] -= delta
            if deltatype == 1:
                break
            if deltatype == 2:
                allowedge[deltaedge] = True
                i, j = edge_i[deltaedge], edge_j[deltaedge]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                queue.append(edge_i[deltaedge])
            else:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for b in range(nvertex, 2 * nvertex):
            if (blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1
                    and dualvar[b] == 0):
                expand_blossom(b, True)
    if duals is not None:
        duals[:] = [[d if b < nvertex or blossombase[b] >= 0 else 0
                     for b, d in enumerate(dualvar)], list(blossomparent)]
    return [endpoint(m) if m != -1 else -1 for m in mate]


def certifies(
    nvertex: int, edges: list[tuple[int, int, int]], mate: list[int], duals: list[list[int]],
    tight: list[tuple[int, int, int]] | None = None,
) -> bool:
    """True if ``duals`` (as :func:`max_weight_matching` gives them) prove ``mate`` a
    maximum-weight matching of the graph ``edges``: a proof by linear-programming duality
    that does not trust how the matching was found.

    Vertex duals ``u`` (half of ``dual[v]``) and blossom duals ``z`` (any odd vertex sets,
    nested as ``parent`` says) are non-negative; every edge has ``u_i + u_j + z`` (the
    blossoms holding both ends) at least its weight, the matched edges exactly; unmatched
    vertices have ``u = 0``; a blossom with ``z > 0`` holds ``(size - 1) / 2`` matched
    edges.  Then any matching weighs at most ``sum(u) + sum(z * (size - 1) / 2)``, which
    ``mate`` reaches.  ``tight``, if given, receives the edges of zero slack: every
    maximum-weight matching uses only those (complementary slackness).
    """
    dual, parent = duals
    if min(dual, default=0) < 0:
        return False
    # Each vertex's blossoms of positive dual, outermost first, then the vertex itself
    # (blossoms of dual 0 add nothing to a slack and need not be full: left out, which
    # keeps the per-edge comparison short where blossoms nest deeply).
    chains: list[tuple[int, ...]] = []
    for v in range(nvertex):
        chain = [v]
        b = parent[v]
        while b != -1:
            if dual[b]:
                chain.append(b)
            b = parent[b]
        chains.append(tuple(reversed(chain)))
    matched_edges = 0
    for i, j, w in edges:
        slack = dual[i] + dual[j] - 2 * w
        ci, cj = chains[i], chains[j]
        if ci[0] == cj[0]:
            for bi, bj in zip(ci, cj, strict=False):
                if bi != bj:
                    break
                slack += 2 * dual[bi]
        if slack < 0:
            return False
        if tight is not None and not slack:
            tight.append((i, j, w))
        if mate[i] == j:
            if slack:
                return False
            matched_edges += 1
    if 2 * matched_edges != sum(1 for v in range(nvertex) if mate[v] != -1):
        return False  # a matched pair that is not an edge (or a vertex matched twice)
    if any(mate[v] == -1 and dual[v] for v in range(nvertex)):
        return False
    return _positive_blossoms_full(nvertex, mate, dual, chains)


def _positive_blossoms_full(
    nvertex: int, mate: list[int], dual: list[int], chains: list[tuple[int, ...]]
) -> bool:
    size: dict[int, int] = {}
    inside: dict[int, int] = {}
    for v in range(nvertex):
        partner = mate[v]
        for b in chains[v][:-1]:
            size[b] = size.get(b, 0) + 1
            if partner != -1 and b in chains[partner] and v < partner:
                inside[b] = inside.get(b, 0) + 1
    return all(not dual[b] or (size.get(b, 0) % 2 == 1 and 2 * inside.get(b, 0) + 1
                               == size.get(b, 0)) for b in range(nvertex, 2 * nvertex))
