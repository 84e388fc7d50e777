"""The scenarios app: the instructors' teaching material (scenarios, the drill library, standards) and my mistakes."""
