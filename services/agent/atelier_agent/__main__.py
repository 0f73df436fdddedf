from atelier_agent.main import main

main()
