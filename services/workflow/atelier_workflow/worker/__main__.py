from atelier_workflow.worker.main import main

main()
