from atelier_indexer.main import main

main()
