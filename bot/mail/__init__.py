"""Play by email (issue 36): players send their orders and receive their reports by mail, in a
campaign of their own or beside Discord players in the same one.

A mail player is a player whose id is his address's (:mod:`bot.mail.addresses`); each of his
seats has a secret, which his replies carry as a plus-tag of the bot's address. A mail read from
the operator's mailbox (:mod:`bot.mail.imap`) or piped in by his mail server (``realmbot mail
receive``) is read as a :class:`~bot.mail.letters.Letter`, its writer identified
(:mod:`bot.mail.seats`) and its text taken by the one inbox every door uses (:mod:`bot.inbox`);
what the outbox holds for mail players leaves by SMTP (:mod:`bot.mail.transport`), each message
a mail (:mod:`bot.mail.compose`) whose Message-ID is its outbox id, so none goes twice.
"""
