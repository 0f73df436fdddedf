from atelier_gateway.main import main

main()
