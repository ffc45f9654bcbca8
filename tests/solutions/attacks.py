"""Hostile submissions for notebook 1.1: each tries to crash, hang or fool the grading."""
from __future__ import annotations

import inspect

from . import loops

CORRECT = "import json\n\n" + inspect.getsource(loops.run_agent)
STUB_SIGNATURE = "def run_agent(client, messages, tools, run_tool, *, model, max_tokens=1024, max_iterations=20):\n"

# student id → {grade_id: new source} (grade_id None: a cell appended after the solution cell)
ATTACKS = {
    "temoin-correct": {"run_agent": CORRECT},
    "boucle-infinie-cellule": {"run_agent": CORRECT + "\nwhile True:\n    pass\n"},
    "boucle-infinie-fonction": {"run_agent": STUB_SIGNATURE + "    while True:\n        pass\n"},
    "os-exit": {"run_agent": STUB_SIGNATURE + "    import os\n    os._exit(1)\n"},
    "sys-exit": {"run_agent": CORRECT + "\nimport sys\nsys.exit(0)\n"},
    "segfault": {"run_agent": STUB_SIGNATURE + "    import faulthandler\n    faulthandler._sigsegv()\n"},
    "memoire": {"run_agent": STUB_SIGNATURE + "    hoard = []\n    while True:\n        hoard.append(bytearray(200 * 2**20))\n"},
    "sortie-enorme": {"run_agent": CORRECT + "\nfor i in range(2_000_000):\n    print(i)\n"},
    "test-modifie": {"run_agent": STUB_SIGNATURE + "    raise NotImplementedError()\n", "test_1_1_a": "10.0"},
    "test-supprime": {"run_agent": STUB_SIGNATURE + "    raise NotImplementedError()\n", "test_1_1_a": None},
    "test-vide": {"run_agent": STUB_SIGNATURE + "    raise NotImplementedError()\n", "test_1_1_a": ""},
    "transformateur": {"run_agent": STUB_SIGNATURE + "    raise NotImplementedError()\n"
                                     "get_ipython().input_transformers_cleanup.append(lambda lines: ['10.0\\n'])\n"},
    "eq-toujours-vrai": {"run_agent": "class Always:\n    def __eq__(self, other):\n        return True\n"
                                       "    def __getattr__(self, name):\n        return Always()\n\n"
                                       + STUB_SIGNATURE + "    return Always()\n"},
    "faux-verificateur": {"run_agent": STUB_SIGNATURE + "    raise NotImplementedError()\n\n"
                                        "import helpers.lessons.ts1_1.checks, helpers.grading.verdicts, helpers.grading, helpers.lessons._kit\n"
                                        "from helpers.lessons._kit import Criterion, Report\n"
                                        "fake = Report('1.1.a', [Criterion('x', 'tout', 10, True)])\n"
                                        "helpers.lessons.ts1_1.checks.check = lambda *a, **k: fake\n"
                                        "helpers.grading.verdicts.grade = helpers.grading.grade = lambda *a, **k: fake\n"
                                        "helpers.grading.partial = helpers.lessons._kit.partial = lambda report: 10.0\n"
                                        "import helpers\nhelpers.simulator().log.since = lambda *a, **k: []\n"},
    "lit-et-ecrit": {"run_agent": STUB_SIGNATURE + "    raise NotImplementedError()\n\n"
                                   "import glob, sqlite3\nleaks = []\n"
                                   "for path in (glob.glob('../../../source/*/*.ipynb') + ['../../../gradebook.db']\n"
                                   "             + glob.glob('../../../feedback/*/*/*.html')\n"
                                   "             + [p for p in glob.glob('../../../submitted/*/*/*.ipynb')\n"
                                   "                if 'lit-et-ecrit' not in p]):\n"
                                   "    try:\n        leaks.append(open(path).read()[:50])\n"
                                   "    except Exception as error:\n        print('bloqué :', error)\n"
                                   "try:\n    db = sqlite3.connect('../../../gradebook.db')\n"
                                   "    db.execute('update grade set manual_score = 99')\n    db.commit()\n"
                                   "except Exception as error:\n    print('bloqué :', error)\n"
                                   "print('fuites :', len(leaks))\n"},
    "detecte-la-correction": {"run_agent": CORRECT.replace(
        "    for _ in range(max_iterations):",
        "    import os\n    if os.environ.get('NBGRADER_EXECUTION'):\n        os._exit(3)\n"
        "    for _ in range(max_iterations):", 1)},
}
