import sys

from atelier_devstack.cli import main

sys.exit(main())
