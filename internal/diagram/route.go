package main

import "math"

// Routing: the shape of each arrow (a quadratic curve, or a loop for a
// state's arrow to itself) and the search for the bend that crosses and
// nears the fewest other arrows. render.go lays the states out and draws;
// this file decides where the arrows go between them.

// shape is one arrow as drawn: its path and arrowhead, points along it (for
// crossings, and to keep other arrows' labels off it) and the places its
// label may go, best first.
type shape struct {
	path, arrow string
	samples     []point
	spots       []point
}

// bends are how far a curve may bow to the right of its direction, as a
// share of its length, in the order tried.
var bends = []float64{0.16, 0.26, 0.08, 0.36, 0.46, 0.6, 0.75, -0.16, -0.26, -0.36, -0.46, -0.6}

// route gives every arrow its shape. A curve between two nodes takes the
// first bend, of bends, that keeps clear of the other nodes and crosses the
// fewest arrows drawn so far (two passes, so that early arrows see the
// later ones); a loop takes the side that crosses the fewest arrows.
func (d *drawing) route() {
	d.shapes = make([]shape, len(d.edges))
	bend := make([]float64, len(d.edges))
	for i, e := range d.edges {
		if e.from != e.to {
			bend[i] = d.firstClear(e)
			d.shapes[i] = d.curve(e, bend[i])
		}
	}
	for range 2 {
		for i, e := range d.edges {
			if e.from == e.to {
				continue
			}
			best, bestCost := bend[i], math.Inf(1)
			for rank, k := range bends {
				sh := d.curve(e, k)
				cost := 0.01*float64(rank) + 5*float64(d.crossings(sh, i))
				if !d.clear(e, k) {
					cost += 1000
				}
				if cost < bestCost {
					best, bestCost = k, cost
				}
			}
			bend[i] = best
			d.shapes[i] = d.curve(e, best)
		}
	}
	for i, e := range d.edges {
		if e.from == e.to {
			d.shapes[i] = d.selfLoop(e.from, i)
		}
	}
}

// crossings counts the other arrows whose samples cross those of sh.
func (d *drawing) crossings(sh shape, skip int) int {
	n := 0
	for j, o := range d.shapes {
		if j != skip && len(o.samples) > 0 && cross(sh.samples, o.samples) {
			n++
		}
	}
	return n
}

// near counts the points of other arrows within dist of a point of sh.
func (d *drawing) near(sh shape, skip int, dist float64) int {
	n := 0
	for j, o := range d.shapes {
		if j == skip {
			continue
		}
		for _, q := range o.samples {
			for _, p := range sh.samples {
				if math.Abs(p.x-q.x) < dist && math.Abs(p.y-q.y) < dist {
					n++
					break
				}
			}
		}
	}
	return n
}

// cross reports whether two polylines intersect.
func cross(a, b []point) bool {
	for i := 1; i < len(a); i++ {
		for j := 1; j < len(b); j++ {
			if segments(a[i-1], a[i], b[j-1], b[j]) {
				return true
			}
		}
	}
	return false
}

// segments reports whether segment pq crosses segment rs (touching ends
// do not count).
func segments(p, q, r, s point) bool {
	side := func(a, b, c point) float64 { return (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x) }
	d1, d2 := side(r, s, p), side(r, s, q)
	d3, d4 := side(p, q, r), side(p, q, s)
	return d1*d2 < 0 && d3*d4 < 0
}

// crossingPairs returns the number of pairs of arrows that cross in d, for
// the test that keeps the figures readable.
func crossingPairs(d *drawing) int {
	n := 0
	for i := range d.shapes {
		for j := i + 1; j < len(d.shapes); j++ {
			if cross(d.shapes[i].samples, d.shapes[j].samples) {
				n++
			}
		}
	}
	return n
}

// control returns the ends and the control point of the curve of e.
func (d *drawing) control(e edge, k float64) (point, point, point) {
	p0, p1 := d.nodes[e.from].c, d.nodes[e.to].c
	return p0, p1, lerp(p0, p1, 0.5).add(perp(p1.sub(p0)).mul(-k))
}

// clear reports whether the curve of e with bend k keeps clear of every
// other node and of the page's edges.
func (d *drawing) clear(e edge, k float64) bool {
	p0, p1, c := d.control(e, k)
	for o := range d.nodes {
		if o == e.from || o == e.to {
			continue
		}
		for i := 0; i <= 60; i++ {
			if d.inside(o, bez(p0, c, p1, float64(i)/60), 12) {
				return false
			}
		}
	}
	for i := 0; i <= 60; i++ {
		q := bez(p0, c, p1, float64(i)/60)
		if q.x < 10 || q.x > float64(d.width)-10 || q.y < d.top+8 || q.y > float64(d.height)-10 {
			return false
		}
	}
	return true
}

// firstClear is the first bend whose curve keeps clear of the other nodes.
func (d *drawing) firstClear(e edge) float64 {
	for _, k := range bends {
		if d.clear(e, k) {
			return k
		}
	}
	return bends[0]
}

// curve draws the arrow e as a quadratic Bézier bent by k to the right of
// its direction, so the arrows of a to b and b to a do not overlap. It
// starts on the edge of its source and its arrowhead touches its target.
func (d *drawing) curve(e edge, k float64) shape {
	p0, p1, c := d.control(e, k)
	// The curve leaves its source at t0 and reaches its target at t1; the
	// line stops at t2, where the arrowhead takes over.
	t0 := leave(func(t float64) bool { return d.inside(e.from, bez(p0, c, p1, t), 0) })
	t1 := 1 - leave(func(t float64) bool { return d.inside(e.to, bez(p0, c, p1, 1-t), 0) })
	t2 := 1 - leave(func(t float64) bool { return d.inside(e.to, bez(p0, c, p1, 1-t), arrowLen-2) })
	q0, qc, q2 := sub(p0, c, p1, t0, t2)
	tip := bez(p0, c, p1, t1)
	dir := tip.sub(bez(p0, c, p1, t2)).unit()
	sh := shape{
		path:  "M" + q0.String() + " Q" + qc.String() + " " + q2.String(),
		arrow: arrowhead(tip, dir),
	}
	for i := 0; i <= samples; i++ {
		sh.samples = append(sh.samples, bez(p0, c, p1, t0+(t1-t0)*float64(i)/samples))
	}
	for _, u := range []float64{0.5, 0.42, 0.58, 0.34, 0.66, 0.27, 0.73} {
		sh.spots = append(sh.spots, bez(p0, c, p1, t0+(t1-t0)*u))
	}
	// Then the same places moved off the curve, to its right and its
	// left, for a short arrow whose neighbour's label is in the way.
	side := perp(p1.sub(p0)).unit()
	for _, k := range []float64{-16, 16} {
		for _, u := range []float64{0.5, 0.4, 0.6} {
			sh.spots = append(sh.spots, bez(p0, c, p1, t0+(t1-t0)*u).add(side.mul(k)))
		}
	}
	return sh
}

// leave returns the first t in [0, 1] where in(t) turns false, for a
// predicate true at 0 and false at 1, by bisection (a fixed number of steps,
// so the answer is the same on every run).
func leave(in func(float64) bool) float64 {
	lo, hi := 0.0, 1.0
	for range 40 {
		mid := (lo + hi) / 2
		if in(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// sub returns the quadratic Bézier of p0, c, p1 restricted to [a, b].
func sub(p0, c, p1 point, a, b float64) (point, point, point) {
	ctl := p0.mul((1 - a) * (1 - b)).add(c.mul((1-a)*b + a*(1-b))).add(p1.mul(a * b))
	return bez(p0, c, p1, a), ctl, bez(p0, c, p1, b)
}

// arrowhead is the triangle with its tip at tip, pointing along dir.
func arrowhead(tip, dir point) string {
	back := tip.sub(dir.mul(arrowLen))
	side := perp(dir).mul(arrowLen * 0.42)
	return tip.String() + " " + back.add(side).String() + " " + back.sub(side).String()
}

// selfLoop draws arrow i, from node n back to n: a loop on the side, of
// sixteen, that stays on the page, crosses the fewest other arrows, keeps
// farthest from them and (in angle) from the arrows at n; the first such
// in the order tried on a tie.
func (d *drawing) selfLoop(n, i int) shape {
	p := d.nodes[n].c
	var away []float64 // directions of n's other arrows at n
	for j, e := range d.edges {
		if j != i && e.from != e.to && (e.from == n || e.to == n) {
			s := d.shapes[j].samples
			q := s[0]
			if e.to == n {
				q = s[len(s)-1]
			}
			away = append(away, math.Atan2(q.y-p.y, q.x-p.x))
		}
	}
	var best shape
	bestCost := math.Inf(1)
	sides, step := 16, math.Pi/8
	if d.nodes[n].group {
		sides, step = 4, math.Pi/2 // the middle of a side of the box
		away = nil
	}
	for k := range sides {
		a := math.Pi/2 - float64(k)*step
		dir := point{math.Cos(a), math.Sin(a)}
		sh := d.loopAt(n, dir)
		cost := 0.0
		for _, q := range sh.samples {
			if q.x < 10 || q.x > float64(d.width)-10 || q.y < d.top+8 || q.y > float64(d.height)-10 {
				cost = 1e6
			}
		}
		for o := range d.nodes {
			if o != n {
				for _, q := range sh.samples {
					if d.inside(o, q, 8) {
						cost += 1000
						break
					}
				}
			}
		}
		cost += 10 * float64(d.crossings(sh, i))
		cost += 0.2 * float64(d.near(sh, i, 18))
		gap := math.Pi
		for _, b := range away {
			gap = min(gap, math.Abs(math.Remainder(a-b, 2*math.Pi)))
		}
		cost -= gap
		if cost < bestCost-1e-9 {
			best, bestCost = sh, cost
		}
	}
	return best
}

// loopAt draws the loop of node n on the side dir.
func (d *drawing) loopAt(n int, out point) shape {
	p := d.nodes[n].c
	// Leave and enter the outline 0.45 rad either side of the loop's
	// direction, and bulge 60 units out.
	edgeAt := func(dir point) point {
		t := leave(func(t float64) bool { return d.inside(n, p.add(dir.mul(t*600)), 0) })
		return p.add(dir.mul(t * 600))
	}
	spread := 0.45
	if d.nodes[n].group {
		spread = 0.12
	}
	start, end := edgeAt(rot(out, -spread)), edgeAt(rot(out, spread))
	c1 := start.add(rot(out, -0.55).mul(60))
	c2 := end.add(rot(out, 0.55).mul(60))
	dir := end.sub(c2).unit()
	lineEnd := end.sub(dir.mul(arrowLen - 2))
	sh := shape{
		path:  "M" + start.String() + " C" + c1.String() + " " + c2.String() + " " + lineEnd.String(),
		arrow: arrowhead(end, dir),
	}
	cubic := func(t float64) point {
		u := 1 - t
		return start.mul(u * u * u).add(c1.mul(3 * u * u * t)).add(c2.mul(3 * u * t * t)).add(end.mul(t * t * t))
	}
	for i := 0; i <= samples; i++ {
		sh.samples = append(sh.samples, cubic(float64(i)/samples))
	}
	apex := cubic(0.5)
	for _, k := range []float64{16, 26, 38} {
		sh.spots = append(sh.spots, apex.add(out.mul(k)))
	}
	return sh
}
