"""The exporter of the feedback page: nbgrader's HTMLExporter with the course's French template (templates/retour).

Named for generate_feedback only (`GenerateFeedback.exporter_class` in nbgrader_config.py): configured as
`HTMLExporter.template_name`, the template also replaced Formgrader's own (its manual grading page then failed with
« TemplateNotFound: bootstrap.min.css »). Its settings live under `FeedbackExporter` in the config, which a subclass
reads before its parent's.
"""
from __future__ import annotations

from pathlib import Path

from nbconvert.exporters import HTMLExporter

TEMPLATES = Path(__file__).resolve().parent / "templates"
TEMPLATE = "retour"


class FeedbackExporter(HTMLExporter):
    """The feedback page a student receives: French, the checks' reports as tables, nothing loaded from a CDN."""


    def from_notebook_node(self, nb, resources=None, **kw):
        html, resources = super().from_notebook_node(nb, resources, **kw)
        # nbconvert gives an image without a description this English one, after the template has run.
        return html.replace('alt="No description has been provided for this image"',
                            'alt="Image sans description"'), resources
