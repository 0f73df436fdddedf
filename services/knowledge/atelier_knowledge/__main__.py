from atelier_knowledge.main import main

main()
