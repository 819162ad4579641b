"""Drawing: where everything goes for a window's size (``layout``), the
card faces (``cardart``), the felt and pile outlines (``felt``), fonts and
text that fits (``fonts``, ``textin``) and the colours (``theme``)."""
