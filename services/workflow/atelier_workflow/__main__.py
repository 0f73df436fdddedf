from atelier_workflow.main import main

main()
