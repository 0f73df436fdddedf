from atelier_plugin.main import main

main()
