# SPDX-License-Identifier: Apache-2.0
"""pmukit-mutation: pick a seeded sample of mutants of the given units'
sources, build and test each in a scratch tree, print the score per unit
and every survivor. `make mutation` passes pmukit's units (mk/mutation.mk);
docs/mutation.md explains the operators, the verdicts and the equivalents
list."""

import argparse
import fnmatch
import glob
import hashlib
import json
import os
import signal
import sys
import time

from . import equivalents
from .lexer import normalize
from .operators import OPERATORS, mutants_of
from .runner import EQUIVALENT, INVALID, KILLED, SURVIVED, BaselineError, Runner, Unit, split_command

STATUSES = (KILLED, EQUIVALENT, SURVIVED, INVALID)


def _parse_unit(text):
    """NAME:GLOB[,GLOB...]:BINARY[,BINARY...]"""
    parts = text.split(':')
    if len(parts) != 3 or not all(parts):
        raise argparse.ArgumentTypeError(f'--unit wants NAME:GLOBS:BINARIES, got {text!r}')
    return Unit(parts[0], parts[1].split(','), parts[2].split(','))


def _parse_args(argv):
    p = argparse.ArgumentParser(prog='pmukit-mutation', description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--root', default='.', help='the tree to mutate (only read; default: .)')
    p.add_argument('--unit', type=_parse_unit, action='append', required=True, metavar='NAME:GLOBS:BINARIES',
                   help='a unit: its source globs and the test binaries that judge its mutants (repeatable)')
    p.add_argument('--only', default='', help='comma-separated unit names to mutate (default: all)')
    p.add_argument('--seed', type=int, default=1, help='sample seed (default 1)')
    p.add_argument('--mutants', default='300', help='how many mutants, or "all" (default 300)')
    p.add_argument('--jobs', type=int, default=2, help='mutants built and tested at once (default 2)')
    p.add_argument('--timeout', type=float, default=30.0,
                   help='seconds a test binary may run, at least (default 30; 10x the baseline if longer)')
    p.add_argument('--build-timeout', type=float, default=900.0, help='seconds a mutant build may take')
    p.add_argument('--build', default='make -s --no-print-directory',
                   help='build command; the binaries are appended as targets')
    p.add_argument('--mutant-build', default='',
                   help='arguments added to the build command for mutants only (e.g. "HOST_TEST_OPT=-O0")')
    p.add_argument('--run', default='', help='command prefix that runs a test binary (e.g. "env X=1")')
    p.add_argument('--seed-build', action='append', default=[], metavar='DIR',
                   help="build output of the tree to start the scratch build from (e.g. build/host)")
    p.add_argument('--equivalents', help='the reviewed list of equivalent mutants')
    p.add_argument('--scratch', help='scratch folder (default: <root>/build/mutation)')
    p.add_argument('--report', help='JSON lines, one per mutant (default: <scratch>/report.jsonl)')
    p.add_argument('--at', action='append', default=[], metavar='FILE:LINE[:OP]',
                   help='run every mutant at this place instead of a sample (repeatable)')
    p.add_argument('--op', default='', help='comma-separated operators to use (default: all)')
    p.add_argument('--list', action='store_true', help='print the chosen mutants and stop')
    p.add_argument('--check-equivalents', action='store_true',
                   help='check that every entry of --equivalents names a mutant of the current sources '
                        '(exit 1 on a stale one) and stop; builds nothing')
    p.add_argument('--no-nice', action='store_true', help='do not lower the priority (default: nice 10)')
    args = p.parse_args(argv)
    if args.mutants != 'all' and not args.mutants.isdigit():
        p.error('--mutants wants a number or "all"')
    for op in filter(None, args.op.split(',')):
        if op not in OPERATORS:
            p.error(f'unknown operator {op!r}; operators: {", ".join(OPERATORS)}')
    return args


def _sites(root, units):
    """Every mutant of every unit's sources, and the unit each belongs to."""
    out, seen = [], set()
    for u in units:
        files = sorted({os.path.relpath(f, root) for pat in u.patterns
                        for f in glob.glob(os.path.join(root, pat))})
        for f in files:
            if f in seen:
                continue
            seen.add(f)
            with open(os.path.join(root, f)) as fh:
                src = fh.read()
            for m in mutants_of(f, src):
                m.unit = u.name
                out.append(m)
    return out


def _rank(seed, m):
    return hashlib.sha256(f'{seed}\0{m.key}'.encode()).hexdigest()


def select(sites, seed, count, at=(), ops=()):
    """The run's mutants: those at the --at places, else the first 'count'
    of the sites ordered by a hash of (seed, site): the same seed and
    sources give the same mutants, on any machine and Python."""
    if ops:
        sites = [m for m in sites if m.op in ops]
    if at:
        chosen = []
        for spec in at:
            file, _, rest = spec.partition(':')
            line, _, op = rest.partition(':')
            chosen += [m for m in sites if fnmatch.fnmatch(m.file, file) and str(m.line) == line
                       and (not op or m.op == op) and m not in chosen]
        return chosen
    ranked = sorted(sites, key=lambda m: _rank(seed, m))
    chosen = ranked if count is None else ranked[:count]
    return sorted(chosen, key=lambda m: (m.unit, m.file, m.start, m.op, m.replacement))


def _short(text, width=110):
    text = normalize(text)
    return text if len(text) <= width else text[:width - 3] + '...'


def _excerpt(m, before=False, width=100):
    """The mutated (or original) line, cropped around the change so the
    change stays visible; a removed statement shows as 'removed: <it>'."""
    if not before and m.op.startswith('remove'):
        return 'removed: ' + _excerpt(m, True, width - 9)
    text = m.before if before else m.after
    flat = normalize(text)
    if len(flat) <= width:
        return flat
    at = len(normalize(text[:m.col]))
    lo = max(0, min(at - width // 3, len(flat) - width))
    out = flat[lo:lo + width]
    if lo > 0:
        out = '...' + out[3:]
    if lo + width < len(flat):
        out = out[:-3] + '...'
    return out


def _fmt_time(seconds):
    m, s = divmod(int(round(seconds)), 60)
    h, m = divmod(m, 60)
    return f'{h}h{m:02d}m{s:02d}s' if h else f'{m}m{s:02d}s'


def _score(c):
    scorable = c[KILLED] + c[EQUIVALENT] + c[SURVIVED]
    return f'{100.0 * c[KILLED] / scorable:5.1f}%' if scorable else '    -'


def main(argv=None):
    args = _parse_args(sys.argv[1:] if argv is None else argv)
    root = os.path.abspath(args.root)
    scratch = os.path.abspath(args.scratch or os.path.join(root, 'build', 'mutation'))
    report_path = args.report or os.path.join(scratch, 'report.jsonl')
    units = args.unit
    only = [u for u in args.only.split(',') if u]
    unknown = [u for u in only if u not in {x.name for x in units}]
    if unknown:
        print(f'pmukit-mutation: unknown unit(s) {", ".join(unknown)}; units: {", ".join(u.name for u in units)}',
              file=sys.stderr)
        return 2
    all_sites = _sites(root, units)
    sites = [m for m in all_sites if not only or m.unit in only]
    count = None if args.mutants == 'all' else int(args.mutants)
    chosen = select(sites, args.seed, count, args.at, [o for o in args.op.split(',') if o])

    named, stale = {}, []
    if args.equivalents:
        try:
            entries = equivalents.load(os.path.join(root, args.equivalents))
        except (OSError, equivalents.ListError) as e:
            print(f'pmukit-mutation: {e}', file=sys.stderr)
            return 2
        named, stale = equivalents.match(entries, all_sites)

    if args.check_equivalents:
        # A stale entry (the source it names has changed) would let the
        # mutant it meant count as a survivor, unreviewed: make test runs
        # this so that an edit of a listed line updates the list with it.
        if not args.equivalents:
            print('pmukit-mutation: --check-equivalents needs --equivalents', file=sys.stderr)
            return 2
        for e in stale:
            print(f'stale: {args.equivalents}:{e.at}: names no mutant of the current sources: {e.file}:{e.line} {e.op}')
        print(f'{len(entries) - len(stale)} of {len(entries)} entries name a current mutant')
        return 1 if stale else 0

    if args.list:
        for m in chosen:
            print(f'{m.unit}\t{m.file}:{m.line}\t{m.op}\t{_excerpt(m, width=10**6)}'
                  + (f'\tinvalid, not built: {m.unbuilt_reason}' if m.unbuilt_reason else ''))
        return 0

    if not args.no_nice:
        os.nice(10)
    binaries_of = {u.name: u.binaries for u in units}
    needed = sorted({b for m in chosen for b in binaries_of[m.unit]})
    print(f'mutation: seed {args.seed}, {len(chosen)} mutants of {len(sites)} sites'
          f'{" (units " + ",".join(only) + ")" if only else ""}, {args.jobs} at a time, '
          f'scratch {os.path.relpath(scratch, root)}', flush=True)
    for e in stale:
        print(f'warning: {args.equivalents}:{e.at}: names no mutant of the current sources (stale): '
              f'{e.file}:{e.line} {e.op}', flush=True)

    runner = Runner(root, scratch, split_command(args.build), split_command(args.run), args.jobs, args.timeout,
                    args.build_timeout, args.seed_build, split_command(args.mutant_build),
                    log=lambda s: print(s, flush=True))
    results = [None] * len(chosen)
    t0 = time.monotonic()

    def on_term(signum, frame):
        raise KeyboardInterrupt()

    old = signal.signal(signal.SIGTERM, on_term)
    os.makedirs(scratch, exist_ok=True)
    width = len(str(len(chosen)))
    done = [0]
    try:
        runner.baseline(needed)
        for b, tests in runner.excluded.items():
            print(f'baseline: {b}: {len(tests)} test(s) fail unmutated, left out of every run: '
                  + ', '.join(tests), flush=True)

        # The costliest first (judged by the most binaries, then headers, which
        # rebuild every file that includes them), so no worker is left with a
        # long one at the end.
        order = sorted(range(len(chosen)), key=lambda i: (-len(binaries_of[chosen[i].unit]),
                                                          not chosen[i].file.endswith(('.hpp', '.h')), i))

        def on_result(k, m, outcome):
            i = order[k]
            if outcome.status == SURVIVED and m.key in named:
                outcome.status = EQUIVALENT
            results[i] = outcome
            done[0] += 1
            why = outcome.detail or (outcome.killers[0] + (f' +{len(outcome.killers) - 1}'
                                                           if len(outcome.killers) > 1 else '')
                                     if outcome.killers else '')
            print(f'[{done[0]:{width}}/{len(chosen)}] {outcome.status:10} {m.file}:{m.line} {m.op}: '
                  f'{_excerpt(m, width=80)}{"  <- " + _short(why, 60) if why else ""}', flush=True)

        runner.run([(chosen[i], binaries_of[chosen[i].unit]) for i in order], on_result)
    except KeyboardInterrupt:
        runner.stop()
        print('\nmutation: interrupted; scratch trees removed, the working tree was never changed', flush=True)
        return 130
    except BaselineError as e:
        print(f'mutation: baseline: {e}', flush=True)
        return 2
    finally:
        runner.stop()
        runner.cleanup()
        signal.signal(signal.SIGTERM, old)
    elapsed = time.monotonic() - t0

    with open(report_path, 'w') as fh:
        for m, o in zip(chosen, results):
            fh.write(json.dumps({'status': o.status, 'unit': m.unit, 'file': m.file, 'line': m.line, 'op': m.op,
                                 'before': m.before, 'after': m.after, 'detail': o.detail, 'killers': o.killers,
                                 'seconds': round(o.seconds, 2)}) + '\n')
    _print_summary(chosen, results, units, named, args, elapsed, report_path, root)
    return 1 if any(o.status == SURVIVED for o in results) else 0


def _print_summary(chosen, results, units, named, args, elapsed, report_path, root):
    counts = {}
    for m, o in zip(chosen, results):
        counts.setdefault(m.unit, {s: 0 for s in STATUSES})[o.status] += 1
    total = {s: sum(c[s] for c in counts.values()) for s in STATUSES}
    print()
    print(f'mutation score per unit (seed {args.seed}, run time {_fmt_time(elapsed)}); '
          'score = killed / (killed + equivalent + survived)')
    print(f'  {"unit":14} {"mutants":>7} {"killed":>7} {"equiv":>7} {"survived":>8} {"invalid":>7}  score')
    for u in [x.name for x in units if x.name in counts] + ['total']:
        c = total if u == 'total' else counts[u]
        print(f'  {u:14} {sum(c.values()):7} {c[KILLED]:7} {c[EQUIVALENT]:7} {c[SURVIVED]:8} {c[INVALID]:7}  '
              f'{_score(c)}')
    survivors = [(m, o) for m, o in zip(chosen, results) if o.status == SURVIVED]
    if survivors:
        print(f'\nsurvivors ({len(survivors)}): kill each with a test, or list it in '
              f'{args.equivalents or "the equivalents list"} with the reason it cannot be killed')
        for m, _ in survivors:
            print(f'  {m.file}:{m.line} {m.op}: {_excerpt(m)}')
            if not m.op.startswith('remove'):
                print(f'  {" " * len(f"{m.file}:{m.line}")} was: {_excerpt(m, True)}')
    equiv = [(m, o) for m, o in zip(chosen, results) if o.status == EQUIVALENT]
    if equiv:
        print(f'\nequivalent ({len(equiv)}, reviewed in {args.equivalents}):')
        for m, _ in equiv:
            print(f'  {m.file}:{m.line} {m.op}: {_short(named[m.key].why, 90)}')
    wrong = [m for m, o in zip(chosen, results) if o.status == KILLED and m.key in named]
    for m in wrong:
        print(f'warning: {m.file}:{m.line} {m.op} is listed as equivalent but was killed: take it off the list')
    print(f'\nevery mutant: {os.path.relpath(report_path, root)}')
