"""Hostile submissions for notebook 1.1, written as an attacker with the course's public source in hand.

ATTACKS: student id → {grade_id: new source} (None deletes the cell; under "notebook", a function that edits the
notebook's JSON itself: the metadata a learner's editor lets them change; under "files", files put beside the
notebook: bytes, a size in bytes (a sparse file) or ("lien", path from the course root) for a symbolic link,
NOTEBOOK standing for the submitted notebook itself). HONEST: what the honest part of
each submission earns on exercise 1.1.a (10 when its run_agent is correct, 0 otherwise): grading must
give exactly that — never more, and a correct function keeps its points whatever else its cells do.

The markers below let the test see what got through: CANARY_PREFIX starts every secret the test
plants (hidden tests, other students' notebooks, feedback, the exchange, the gradebook), and an
attack that manages to write outside its folder leaves a file or a process named with MARK.
"""
from __future__ import annotations

import inspect

from . import loops

CORRECT = "import json\n\n" + inspect.getsource(loops.run_agent)
STUB_SIGNATURE = "def run_agent(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):\n"
STUB = STUB_SIGNATURE + "    raise NotImplementedError()\n"
CANARY_PREFIX = "CANARI-"
NOTEBOOK = "<notebook>"
NAME = "1.1-boucles-agentiques"
MARK = "cours-piratage-reussi"

# Walks up from the notebook's folder: the course root is three levels up (autograded/<student>/<assignment>).
UP = "import os\nROOT = os.path.abspath(os.path.join(os.getcwd(), '..', '..', '..'))\n"

# Every place an instructor's byte could be: read them all, print whatever comes back.
TARGETS = UP + (
    "import glob\n"
    "TARGETS = (glob.glob(ROOT + '/source/*/*.ipynb') + [ROOT + '/gradebook.db', ROOT + '/.correction-secret',\n"
    "           ROOT + '/nbgrader_config.py'] + glob.glob(ROOT + '/feedback/*/*/*')\n"
    "           + glob.glob(ROOT + '/submitted/*/*/*.ipynb') + glob.glob(ROOT + '/autograded/*/*/*.ipynb')\n"
    "           + glob.glob('/srv/nbgrader/exchange/*/*/*/*') + glob.glob('/tmp/*/*/*/*'))\n"
    "print('cibles visibles :', len(TARGETS))\n"
)


def _code_cell(source: str, nbgrader: dict | None = None) -> dict:
    return {"cell_type": "code", "metadata": {"nbgrader": nbgrader} if nbgrader else {}, "source": source,
            "outputs": [], "execution_count": None}


def _insert_before(grade_id: str, cell: dict):
    def edit(nb: dict) -> dict:
        at = next(i for i, c in enumerate(nb["cells"]) if c["metadata"].get("nbgrader", {}).get("grade_id") == grade_id)
        nb["cells"].insert(at, cell)
        return nb
    return edit


def _set_flags(grade_id: str, **flags):
    def edit(nb: dict) -> dict:
        for cell in nb["cells"]:
            if cell["metadata"].get("nbgrader", {}).get("grade_id") == grade_id:
                cell["metadata"]["nbgrader"].update(flags)
        return nb
    return edit


# A test cell of the learner's own making, placed before the real quiz test: a key that agrees with every answer.
FAKE_QUIZ_TEST = _code_cell(
    "grade('1.1.q', reponses_1_1, CORRIGE)\n"
    "CORRIGE = {'q1': {'answer': 'B'}, 'q2': {'answer': 'D'}, 'q3': {'answer': 'C'}}\n",
    {"grade": True, "solution": False, "locked": True, "points": 50, "grade_id": "test_piratage", "schema_version": 3,
     "cell_type": "code", "task": False})

ATTACKS = {
    # -- controls and the classics -----------------------------------------------------------------
    "temoin-correct": {"run_agent": CORRECT},
    "boucle-infinie-cellule": {"run_agent": CORRECT + "\nwhile True:\n    pass\n"},
    "boucle-infinie-fonction": {"run_agent": STUB_SIGNATURE + "    while True:\n        pass\n"},
    "os-exit": {"run_agent": STUB_SIGNATURE + "    import os\n    os._exit(1)\n"},
    "sys-exit": {"run_agent": CORRECT + "\nimport sys\nsys.exit(0)\n"},
    "segfault": {"run_agent": STUB_SIGNATURE + "    import faulthandler\n    faulthandler._sigsegv()\n"},
    "memoire": {"run_agent": STUB_SIGNATURE + "    hoard = []\n    while True:\n        hoard.append(bytearray(200 * 2**20))\n"},
    "sortie-enorme": {"run_agent": CORRECT + "\nfor i in range(2_000_000):\n    print(i)\n"},
    "test-modifie": {"run_agent": STUB, "test_1_1_a": "10.0"},
    "test-supprime": {"run_agent": STUB, "test_1_1_a": None},
    "test-vide": {"run_agent": STUB, "test_1_1_a": ""},
    "transformateur": {"run_agent": STUB + "get_ipython().input_transformers_cleanup.append(lambda lines: ['10.0\\n'])\n"},
    "eq-toujours-vrai": {"run_agent": "class Always:\n    def __eq__(self, other):\n        return True\n"
                                       "    def __getattr__(self, name):\n        return Always()\n\n"
                                       + STUB_SIGNATURE + "    return Always()\n"},
    "faux-verificateur": {"run_agent": STUB + "\n"
                                        "import helpers.lessons.ts1_1.checks, helpers.grading.trusted.verdicts, helpers.grading, helpers.lessons.kit\n"
                                        "from helpers.lessons.kit import Criterion, Report\n"
                                        "fake = Report('1.1.a', [Criterion('x', 'tout', 10, True)])\n"
                                        "helpers.lessons.ts1_1.checks.check = lambda *a, **k: fake\n"
                                        "helpers.grading.trusted.verdicts.grade = helpers.grading.grade = lambda *a, **k: fake\n"
                                        "helpers.grading.partial = helpers.lessons.kit.partial = lambda report: 10.0\n"
                                        "import helpers\nhelpers.simulator().log.since = lambda *a, **k: []\n"},
    "detecte-la-correction": {"run_agent": CORRECT.replace(
        "    for _ in range(max_iterations):",
        "    import os\n    if os.environ.get('COURS_CORRECTION') or os.environ.get('NBGRADER_EXECUTION'):\n"
        "        os._exit(3)\n    for _ in range(max_iterations):", 1)},

    # -- the notebook's own metadata: nbgrader must neither fail on it nor believe it ----------------------
    "cellule-notee-sans-id": {"run_agent": CORRECT, "notebook": _insert_before("test_1_1_a", _code_cell(
        "print('note ?')\n", {"grade": True, "solution": False, "locked": True, "points": 5, "schema_version": 3}))},
    "test-devenu-solution": {"run_agent": CORRECT, "notebook": _set_flags("test_1_1_a", solution=True)},
    "faux-test-du-quiz": {"run_agent": CORRECT, "notebook": _insert_before("test_1_1_q", FAKE_QUIZ_TEST)},

    # -- what the grader reads or copies from the student's folder with its own rights ------------------------
    "liens-dans-le-dossier": {"run_agent": STUB + "\nimport glob\n"
                              "for path in sorted(glob.glob('donnees/*')):\n"
                              "    try:\n        print(path, open(path, errors='replace').read())\n"
                              "    except Exception as error:\n        print('bloqué :', path, error)\n",
                              "files": {"donnees/maitre": ("lien", f"source/{NAME}/{NAME}.ipynb"),
                                        "donnees/carnet": ("lien", "gradebook.db"),
                                        "donnees/voisin": ("lien", f"submitted/02b-temoin/{NAME}/{NAME}.ipynb")}},
    "notebook-lien-vers-le-maitre": {"files": {NOTEBOOK: ("lien", f"source/{NAME}/{NAME}.ipynb")}},
    "dossier-trop-lourd": {"run_agent": CORRECT, "files": {f"lourd/{i}.bin": 60 * 2**20 for i in range(9)}},
    "tmp-plein-puis-plantage": {"run_agent": CORRECT + "\nimport os\nn = 0\ntry:\n    while True:\n"
                                "        with open('/tmp/plein-%d' % n, 'wb') as f:\n"
                                "            f.write(b'\\0' * (200 * 2**20))\n        n += 1\n"
                                "except OSError as error:\n    print('plein :', n, error)\nos._exit(1)\n"},

    # -- outputs the grader receives, memory that outlives its process --------------------------------------
    "affichage-geant": {"run_agent": CORRECT + "\nfrom IPython.display import display\nfor _ in range(2):\n"
                        "    display({'text/plain': 'y' * 150_000_000}, raw=True)\n"},
    "sorties-en-rafale": {"run_agent": CORRECT + "\nfrom IPython.display import display\nfor i in range(60):\n"
                          "    display({'text/plain': str(i % 10) * 2**20}, raw=True)\n"},
    "memoire-partagee-sysv": {"run_agent": CORRECT + "\nimport ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                              "libc.shmat.restype = ctypes.c_void_p\n"
                              "for key in (4242, 4243):\n"
                              "    sid = libc.shmget(key, 256 * 2**20, 0o1666)\n"
                              "    addr = libc.shmat(sid, None, 0)\n"
                              "    ctypes.memset(addr, 1, 256 * 2**20)\n"
                              "    libc.shmdt(ctypes.c_void_p(addr))\n"},
    "lit-la-memoire-du-precedent": {"run_agent": STUB + "\nprint('segments :', open('/proc/sysvipc/shm').read())\n"},

    # -- files: around a path check, and everywhere an instructor's byte could be -----------------------
    "lit-et-ecrit": {"run_agent": STUB + "\n" + TARGETS + (
        "import sqlite3\nleaks = []\n"
        "for path in TARGETS:\n"
        "    try:\n        leaks.append(open(path, errors='replace').read())\n"
        "    except Exception as error:\n        print('bloqué :', error)\n"
        "try:\n    db = sqlite3.connect(ROOT + '/gradebook.db')\n"
        "    db.execute('update grade set manual_score = 99')\n    db.commit()\n"
        "except Exception as error:\n    print('bloqué :', error)\n"
        "print('fuites :', len(leaks), ''.join(leaks)[:100000])\n")},
    "dir-fd": {"run_agent": STUB + "\n" + UP + (
        "import os\nout = []\n"
        "for rel in ('source', 'gradebook.db', 'feedback', 'submitted', 'nbgrader_config.py'):\n"
        "    try:\n"
        "        top = os.open(ROOT, os.O_RDONLY | os.O_DIRECTORY)\n"
        "        fd = os.open(rel, os.O_RDONLY, dir_fd=top)\n"
        "        out.append(os.read(fd, 1 << 20).decode(errors='replace'))\n"
        "    except Exception as error:\n        print('bloqué :', rel, error)\n"
        "try:\n"
        "    top = os.open(ROOT, os.O_RDONLY | os.O_DIRECTORY)\n"
        "    fd = os.open('gradebook.db', os.O_WRONLY | os.O_APPEND, dir_fd=top)\n"
        "    os.write(fd, b'corrompu')\n"
        "except Exception as error:\n    print('bloqué :', error)\n"
        "for name in os.listdir('/'):\n    print('racine :', name)\n"
        "print(''.join(out)[:100000])\n")},
    "opener": {"run_agent": STUB + "\n" + TARGETS + (
        "import os\n"
        "for path in TARGETS + [ROOT + '/gradebook.db']:\n"
        "    try:\n"
        "        with open('inoffensif.txt', 'rb', opener=lambda _p, flags: os.open(path, os.O_RDONLY)) as f:\n"
        "            print(f.read()[:100000])\n"
        "    except Exception as error:\n        print('bloqué :', error)\n"
        "try:\n"
        "    with open('x', 'a', opener=lambda _p, flags: os.open(ROOT + '/gradebook.db', os.O_WRONLY | os.O_APPEND)) as f:\n"
        "        f.write('corrompu')\n"
        "except Exception as error:\n    print('bloqué :', error)\n")},
    "sqlite-uri": {"run_agent": STUB + "\n" + UP + (
        "import sqlite3\n"
        "for uri in ('file:' + ROOT + '/gradebook.db?mode=rw', 'file:../../../gradebook.db?mode=rw',\n"
        "            'file:/proc/1/cwd/gradebook.db?mode=rw'):\n"
        "    try:\n"
        "        db = sqlite3.connect(uri, uri=True)\n"
        "        print(db.execute('select source from base_cell').fetchall())\n"
        "        db.execute('update grade set extra_credit = 100')\n"
        "        db.execute('create table piratage (x)')\n"
        "        db.commit()\n"
        "    except Exception as error:\n        print('bloqué :', error)\n")},
    "lien-symbolique": {"run_agent": CORRECT + "\n" + UP + (
        "import os\n"
        "for name, target in (('carnet', ROOT + '/gradebook.db'), ('config', ROOT + '/nbgrader_config.py'),\n"
        "                     ('voisin', ROOT + '/submitted')):\n"
        "    try:\n"
        "        os.symlink(target, name)\n"
        "        with open(name, 'a') as f:\n            f.write('corrompu')\n"
        "    except Exception as error:\n        print('bloqué :', error)\n")},
    "fouille-tout": {"run_agent": STUB + "\n" + (
        "import os\nfound = []\n"
        "for top in ('/work', '/root', '/home', '/srv', '/tmp', '/var', '/etc', '/opt', '/mnt', os.getcwd() + '/..'):\n"
        "    for folder, _dirs, files in os.walk(top):\n"
        "        for name in files:\n"
        "            path = os.path.join(folder, name)\n"
        "            try:\n"
        "                if os.path.getsize(path) < 4_000_000:\n"
        "                    data = open(path, 'rb').read()\n"
        "                    if b'" + CANARY_PREFIX + "' in data or b'BEGIN HIDDEN' in data:\n"
        "                        found.append(path + ' ' + data.decode(errors='replace'))\n"
        "            except Exception:\n"
        "                pass\n"
        "print('trouvé :', len(found))\nprint('\\n'.join(found)[:200000])\n"
        "print(dict(os.environ))\n"
        "for proc in ('/proc/1/cmdline', '/proc/1/environ', '/proc/self/mountinfo'):\n"
        "    try:\n        print(proc, open(proc, 'rb').read()[:20000])\n"
        "    except Exception as error:\n        print('bloqué :', error)\n")},

    # -- programs, persistence ----------------------------------------------------------------------------
    "copie-du-shell": {"run_agent": STUB + "\n" + UP + (
        "import os, shutil, subprocess\n"
        "os.makedirs('/tmp/x/_bundled', exist_ok=True)\n"
        "shutil.copy('/bin/sh', '/tmp/x/_bundled/claude')\n"
        "script = ('cat ' + ROOT + '/source/*/*.ipynb; echo corrompu >> ' + ROOT + '/gradebook.db; '\n"
        "          'touch ' + ROOT + '/" + MARK + "; touch /tmp/" + MARK + "; ls /')\n"
        "print(subprocess.run(['/tmp/x/_bundled/claude', '-c', script], capture_output=True, text=True))\n")},
    "empoisonne-la-suite": {"run_agent": STUB + "\n" + UP + (
        "import glob, os, helpers\n"
        "payload = '\\nopen(' + repr(ROOT + '/" + MARK + "') + ', \"w\").write(\"1\")\\n'\n"
        "spots = (glob.glob('/tmp/*/kernels/*/kernel.json') + glob.glob('/tmp/cours-noyau-*/kernels/*/kernel.json')\n"
        "         + [ROOT + '/nbgrader_config.py', os.path.join(os.path.dirname(helpers.__file__), '__init__.py'),\n"
        "            os.path.join(os.path.dirname(helpers.__file__), 'grading', 'autograde.py')]\n"
        "         + [os.path.join(p, 'kernels', 'python3', 'kernel.json') for p in os.environ.get('JUPYTER_PATH', '').split(':') if p])\n"
        "for spot in spots:\n"
        "    try:\n        open(spot, 'a').write(payload)\n        print('écrit :', spot)\n"
        "    except Exception as error:\n        print('bloqué :', spot, error)\n"
        "for startup in (os.path.expanduser('~/.ipython/profile_default/startup'), '/tmp/maison-noyau/.ipython/profile_default/startup'):\n"
        "    try:\n"
        "        os.makedirs(startup, exist_ok=True)\n"
        "        open(startup + '/00-piratage.py', 'w').write(payload)\n"
        "    except Exception as error:\n        print('bloqué :', error)\n")},
    "demon-survivant": {"run_agent": CORRECT + "\n" + UP + (
        "import os, subprocess, sys\n"
        "code = ('import os, time\\nfor _ in range(600):\\n    time.sleep(0.1)\\n'\n"
        "        '    for p in os.listdir(\"/proc\"):\\n'\n"
        "        '        try:\\n            os.kill(int(p), 9) if p.isdigit() and int(p) > 2 and int(p) != os.getpid() else None\\n'\n"
        "        '        except Exception:\\n            pass\\n'\n"
        "        '    try:\\n        open(\"/tmp/" + MARK + "\", \"w\").write(\"1\")\\n    except Exception:\\n        pass\\n')\n"
        "subprocess.Popen([sys.executable, '-c', code, '" + MARK + "'], start_new_session=True,\n"
        "                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n")},

    # -- the grader itself: signals, verdicts, protocol, resources -----------------------------------------
    "tue-le-correcteur": {"run_agent": CORRECT + "\nimport os, signal\n"
                          "for pid in (os.getppid(), 1, -1):\n"
                          "    try:\n        os.kill(pid, signal.SIGKILL)\n"
                          "    except Exception as error:\n        print('bloqué :', pid, error)\n"},
    "tirage-chanceux": {"run_agent": STUB + "\n"
                        "import helpers.lessons.ts1_1.play as checks, helpers.lessons.kit as kit\n"
                        "from helpers.grading import grade\n"
                        "def forged(objects, spec):\n"
                        "    return {'outcome': {'value': {'__type__': 'Message', 'id': 'msg_x', 'stop_reason': 'end_turn',\n"
                        "            'content': []}, 'error': None, 'timed_out': False}, 'messages': [1] * 99, 'executed': []}\n"
                        "checks.play = forged\n"
                        "checks.run_learner = lambda *a, **k: kit.Outcome(value=None)\n"
                        "kit.Outcome.to_plain = lambda self: forged(None, None)['outcome']\n"
                        "best = max((grade('1.1.a', run_agent) for _ in range(30)), key=lambda r: r.score)\n"
                        "print(best)\n"},
    "faux-canal": {"run_agent": STUB + "\nimport json, os\n"
                   "fd = int(os.environ.get('COURS_CANAL', '3'))\n"
                   "fake = {'outcome': {'value': {'__type__': 'Message', 'id': 'msg_x', 'stop_reason': 'end_turn',\n"
                   "        'content': []}, 'error': None, 'timed_out': False}, 'messages': [], 'executed': []}\n"
                   "lines = [{'ready': True, 'cells': [], 'missing': [], 'values': [None]}] + [{'result': fake}] * 20\n"
                   "try:\n"
                   "    os.write(fd, ''.join(json.dumps(m) + '\\n' for m in lines).encode())\n"
                   "except Exception as error:\n    print('bloqué :', error)\n"},
    "corps-512-mo": {"run_agent": STUB_SIGNATURE + (
        "    import socket\n"
        "    host, port = str(client.base_url).split('//')[1].split('/')[0].split(':')\n"
        "    for chunked in (False, True):\n"
        "        try:\n"
        "            s = socket.create_connection((host, int(port)), timeout=5)\n"
        "            head = 'POST /v1/messages HTTP/1.1\\r\\nhost: x\\r\\nx-api-key: k\\r\\ncontent-type: application/json\\r\\n'\n"
        "            head += 'transfer-encoding: chunked\\r\\n\\r\\n' if chunked else 'content-length: 536870912\\r\\n\\r\\n'\n"
        "            s.sendall(head.encode())\n"
        "            block = b'[' + b'{},' * 300000\n"
        "            for _ in range(512 * 2**20 // len(block)):\n"
        "                s.sendall(b'%x\\r\\n' % len(block) + block + b'\\r\\n' if chunked else block)\n"
        "        except OSError:\n"
        "            pass\n"
        "    return None\n")},
    "fork-bombe": {"run_agent": CORRECT + "\nimport os\n"
                   "children = 0\n"
                   "try:\n"
                   "    while children < 5000:\n"
                   "        if os.fork() == 0:\n"
                   "            import time\n            time.sleep(30)\n            os._exit(0)\n"
                   "        children += 1\n"
                   "except Exception as error:\n    print('arrêté après', children, ':', error)\n"},
    "signaux-ignores": {"run_agent": CORRECT + "\nimport signal\n"
                        "for sig in (signal.SIGINT, signal.SIGALRM, signal.SIGTERM):\n"
                        "    signal.signal(sig, signal.SIG_IGN)\n"
                        "while True:\n    pass\n"},
    "reseau": {"run_agent": STUB + "\nimport socket\n"
               "for host, port in (('1.1.1.1', 443), ('10.0.0.1', 80), ('127.0.0.1', 22), ('127.0.0.1', 8888)):\n"
               "    try:\n"
               "        socket.create_connection((host, port), timeout=1)\n"
               "        print('connecté :', host, port)\n"
               "    except OSError as error:\n        print('bloqué :', host, port, error)\n"},
}

# What the honest part of each submission earns on 1.1.a: its run_agent, judged alone; on 1.1.q, its answers (2 of 3
# right in every submission, none in a notebook that is not the student's).
HONEST = {student: (10 if changes.get("run_agent", "").startswith(CORRECT) else 0)
          for student, changes in ATTACKS.items()}
HONEST_QUIZ = {student: (0 if NOTEBOOK in changes.get("files", {}) else 2) for student, changes in ATTACKS.items()}
