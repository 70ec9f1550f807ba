#!/usr/bin/env python3
"""The "race" reading of Chetrit's sketch, tested on the study's rows (docs/chetrit.md, "Ties").

    MATHGO=build/mathgo python3 examples/chetrit_race.py ties docs/data/chetrit_*.csv

For each row (mode `ties`: old-Chinese margin 0; `counter`: the counterexamples; `all`), plays
the optimal old-Chinese game with `mathgo solve --pv-diagrams` to its final position F, lets X be
the player who passed first at the end, has the neutral points of F (empty regions reaching both
colours) taken alternately starting with X, and then has the player to move lose when its spare
moves (its territory minus 2 per chain) are no more than the opponent's.  Prints how many rows
the predicted winner is the Mathematical Go winner, per board.  Standard library only; one
`mathgo solve` per row (all 938 tie rows: about 3 minutes of CPU).
"""
import csv, glob, subprocess, sys, re, collections, os, tempfile

mathgo = os.environ.get('MATHGO', 'build/mathgo')
def neighbours(w, h, x, y):
    for dx, dy in ((1,0),(-1,0),(0,1),(0,-1)):
        if 0 <= x+dx < w and 0 <= y+dy < h: yield x+dx, y+dy
def analyse(grid):
    h = len(grid); w = len(grid[0])
    seen = set(); terr = {'X':0,'O':0}; dame = 0
    for y in range(h):
        for x in range(w):
            if grid[y][x] != '.' or (x,y) in seen: continue
            region=[(x,y)]; seen.add((x,y)); border=set(); i=0
            while i < len(region):
                cx,cy = region[i]; i+=1
                for nx,ny in neighbours(w,h,cx,cy):
                    c = grid[ny][nx]
                    if c == '.' and (nx,ny) not in seen: seen.add((nx,ny)); region.append((nx,ny))
                    elif c != '.': border.add(c)
            if border == {'X'}: terr['X'] += len(region)
            elif border == {'O'}: terr['O'] += len(region)
            else: dame += len(region)
    chains = {'X':0,'O':0}; seen=set()
    for y in range(h):
        for x in range(w):
            c = grid[y][x]
            if c == '.' or (x,y) in seen: continue
            chains[c]+=1; st=[(x,y)]; seen.add((x,y))
            while st:
                cx,cy=st.pop()
                for nx,ny in neighbours(w,h,cx,cy):
                    if grid[ny][nx]==c and (nx,ny) not in seen: seen.add((nx,ny)); st.append((nx,ny))
    stones = {c: sum(row.count(c) for row in grid) for c in 'XO'}
    return terr, dame, chains, stones
def final_of(position, to_move, rules='old-chinese'):
    with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False) as f:
        f.write('\n'.join(position.split('/'))+'\n'); name=f.name
    out = subprocess.run([mathgo,'solve','--from',name,'--to-move',to_move.lower(),'--rules',rules,'--pv-diagrams','--memory','8M'],capture_output=True,text=True).stdout
    os.unlink(name)
    moves = re.findall(r'\d+\. ([BW]) (\S+)', out.split('\n\n')[0])
    blocks = [b for b in out.split('\n\n')[1:] if b.strip()]
    diag = None
    for b in blocks:
        lines=b.strip().split('\n')
        if re.match(r'\d+\. ', lines[0]): diag = [l for l in lines[1:] if re.fullmatch(r'[.XO]+', l)]
    if diag is None: diag = position.split('/')
    # X: the player who made the first of the final two passes (or the player to move if none)
    first_pass = None
    if len(moves) >= 2 and moves[-1][1]=='pass' and moves[-2][1]=='pass': first_pass = moves[-2][0]
    elif len(moves) == 1 and moves[0][1]=='pass': first_pass = moves[0][0]
    return diag, first_pass, moves
def predict(position, to_move):
    diag, X, moves = final_of(position, to_move)
    if X is None: X = to_move
    terr, dame, chains, stones = analyse(diag)
    spare = {'B': terr['X'] - 2*chains['X'], 'W': terr['O'] - 2*chains['O']}
    Z = X if dame % 2 == 0 else ('W' if X=='B' else 'B')
    other = 'W' if Z=='B' else 'B'
    loser = Z if spare[Z] <= spare[other] else other
    return ('W' if loser=='B' else 'B'), dict(dame=dame, X=X, spare=spare, final='/'.join(diag))
if __name__ == '__main__':  # mode, then CSV files
    mode = sys.argv[1]; files = sys.argv[2:]
    rows=[]
    for f in files: rows += [r for r in csv.DictReader(open(f)) if r['math_winner'] and r['old_chinese_margin']]
    if mode == 'ties': rows=[r for r in rows if r['old_chinese_margin']=='0']
    if mode == 'counter':
        rows=[r for r in rows if (int(r['old_chinese_margin'])>0 and r['math_winner']=='W') or (int(r['old_chinese_margin'])<0 and r['math_winner']=='B')]
    ok=0; n=0; byb=collections.Counter(); byt=collections.Counter()
    for r in rows:
        p,info = predict(r['position'], r['to_move'])
        n+=1; ok += p==r['math_winner']; byt[r['board']]+=1; byb[r['board']]+= p==r['math_winner']
    print(mode, ok, n, dict((b,(byb[b],byt[b])) for b in byt))
