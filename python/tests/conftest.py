# SPDX-License-Identifier: BSD-2-Clause
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)  # tests/vectors.py
