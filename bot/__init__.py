"""The moderator application: campaign service, scheduler, transports and the command line."""
