from atelier_conversation.main import main

main()
